// Error summary (issue "back office", item 7): when a page comes back with a form's errors, a
// summary at the top of the page lists each one — linked to its field — and takes the focus, so
// an error beside a field at the bottom of a long page is never missed; on a page of many forms
// (data-errors-here) the summary is the sent form's own, at its start. Without JavaScript each
// form still shows its own summary and the errors beside the fields.
(function () {
  "use strict";
  function labelOf(el) {
    var box = el.closest(".br-input, .br-checkbox, fieldset, .mb-2");
    var label = box && box.querySelector("label, legend");
    return label ? label.textContent.trim().replace(/[:*]$/, "") : "";
  }
  document.addEventListener("DOMContentLoaded", function () {
    var main = document.getElementById("conteudo");
    if (!main || main.querySelector(".error-summary[data-page]")) return;
    var errors = Array.prototype.filter.call(
      main.querySelectorAll("form .feedback.danger, form .br-message.danger"),
      function (e) { return !e.classList.contains("error-summary"); }
    );
    if (!errors.length) return;
    // A long page of many forms (the portal's Candidatura) marks them data-errors-here: the
    // summary goes at the start of the form sent, which keeps the reader where they typed.
    var form = errors[0].closest("form[data-errors-here]");
    if (form) {
      errors = errors.filter(function (e) { return form.contains(e); });
      var own = form.querySelector(".error-summary");
      if (own) own.remove();
      if (!form.querySelector(".feedback.danger")) {
        // A refusal with no field to correct (an enrolment the law refuses): it takes the focus.
        errors[0].setAttribute("tabindex", "-1");
        errors[0].focus();
        return;
      }
    }
    var box = document.createElement("div");
    box.className = "br-message danger error-summary";
    box.setAttribute("role", "alert");
    box.setAttribute("tabindex", "-1");
    box.dataset.page = "1";
    var title = document.createElement("p");
    title.innerHTML = "<strong>Corrija " + (errors.length === 1 ? "o erro abaixo" : "os " + errors.length + " erros abaixo") + ":</strong>";
    // In the design system's message, a summary's text is its content: the title above the list.
    var content = document.createElement("div");
    content.className = "content";
    content.appendChild(title);
    var list = document.createElement("ul");
    errors.forEach(function (err, i) {
      if (!err.id) err.id = "erro-" + (i + 1);
      var field = err.closest(".br-input, .mb-2, fieldset");
      var input = field && field.querySelector("input, select, textarea");
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "#" + (input && input.id ? input.id : err.id);
      var label = input ? labelOf(input) : "";
      // An error that already names its field (data-named: the portal's) is not named twice.
      if (err.hasAttribute("data-named")) label = "";
      link.textContent = (label ? label + ": " : "") + err.textContent.trim();
      item.appendChild(link);
      list.appendChild(item);
    });
    content.appendChild(list);
    box.appendChild(content);
    if (form) form.insertBefore(box, form.firstChild);
    else main.insertBefore(box, main.firstChild);
    box.focus();
  });
})();
