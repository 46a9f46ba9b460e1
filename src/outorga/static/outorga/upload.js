/* Uploads that work without the design system's script (issue 'back office', item 4).
 *
 * 1. Every <input type=file> lists the chosen file name(s) and sizes below it, in a live region
 *    the input names with aria-describedby.
 * 2. A form marked data-progress is sent with XMLHttpRequest when a file is chosen, showing a
 *    <progress> with the percentage; the server's answer (the page after its redirect, or a page
 *    with errors) then replaces this one. Without JavaScript the form posts as usual.
 */
(function () {
  "use strict";

  function size(bytes) {
    if (bytes >= 1048576) return (bytes / 1048576).toFixed(1).replace(".", ",") + " MB";
    if (bytes >= 1024) return Math.round(bytes / 1024) + " KB";
    return bytes + " bytes";
  }

  function listFor(input) {
    var id = (input.id || input.name) + "-arquivos";
    var list = document.getElementById(id);
    if (!list) {
      list = document.createElement("ul");
      list.id = id;
      list.className = "upload-names";
      list.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", list);
      var described = input.getAttribute("aria-describedby");
      input.setAttribute("aria-describedby", described ? described + " " + id : id);
    }
    return list;
  }

  function showNames(input) {
    var list = listFor(input);
    list.textContent = "";
    var files = input.files || [];
    for (var i = 0; i < files.length; i++) {
      var li = document.createElement("li");
      li.textContent = files[i].name + " (" + size(files[i].size) + ")";
      list.appendChild(li);
    }
    if (files.length > 1) {
      var total = document.createElement("li");
      total.textContent = files.length + " arquivos escolhidos";
      list.appendChild(total);
    }
  }

  function progressBox(form) {
    var box = form.querySelector(".upload-progress");
    if (!box) {
      box = document.createElement("div");
      box.className = "upload-progress";
      box.setAttribute("role", "status");
      box.innerHTML =
        '<label>Enviando… <span class="upload-percent">0%</span>' +
        '<progress max="100" value="0">0%</progress></label>';
      var submit = form.querySelector("[type=submit]");
      (submit || form.lastChild).insertAdjacentElement("beforebegin", box);
    }
    return box;
  }

  function setProgress(box, percent) {
    box.querySelector("progress").value = percent;
    box.querySelector("progress").textContent = percent + "%";
    box.querySelector(".upload-percent").textContent = percent + "%";
  }

  function hasFiles(form) {
    var inputs = form.querySelectorAll("input[type=file]");
    for (var i = 0; i < inputs.length; i++) {
      if (inputs[i].files && inputs[i].files.length) return true;
    }
    return false;
  }

  function sendWithProgress(form, submitter) {
    var buttons = form.querySelectorAll("[type=submit]");
    var box = progressBox(form);
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var xhr = new XMLHttpRequest();
    xhr.open("POST", form.getAttribute("action") || window.location.href);
    xhr.upload.addEventListener("progress", function (ev) {
      if (ev.lengthComputable) setProgress(box, Math.round((ev.loaded * 100) / ev.total));
    });
    xhr.addEventListener("load", function () {
      setProgress(box, 100);
      // The answer is the page a normal post would show (after the server's redirect, if any):
      // show it, at its own address.
      var url = xhr.responseURL || window.location.href;
      document.open();
      document.write(xhr.responseText);
      document.close();
      if (url !== window.location.href) window.history.replaceState(null, "", url);
    });
    xhr.addEventListener("error", function () {
      box.querySelector("label").textContent =
        "O envio falhou (conexão interrompida). Confira a conexão e envie de novo.";
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
    });
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    xhr.send(data);
  }

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t && t.matches && t.matches("input[type=file]")) showNames(t);
  });

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches("form[data-progress]") || !window.FormData || !hasFiles(form)) return;
    if (typeof form.checkValidity === "function" && !form.checkValidity()) return;
    ev.preventDefault();
    sendWithProgress(form, ev.submitter);
  });
})();
