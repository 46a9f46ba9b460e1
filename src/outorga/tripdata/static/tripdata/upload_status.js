// The trip file's page follows its processing: polls the status route until the file is done or
// failed, then reloads to show the result (the page also refreshes by itself without script).
(function () {
  var box = document.getElementById("envio"), url = box && box.getAttribute("data-status-url");
  if (!url) return;
  function poll() {
    fetch(url, {credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (s) {
      document.getElementById("envio-progresso").value = s.progress;
      document.getElementById("envio-etapa").textContent = s.progress + "%" + (s.stage ? " — " + s.stage : "");
      document.getElementById("envio-situacao").textContent = s.status_label;
      if (s.status === "done" || s.status === "failed") window.location.reload();
      else window.setTimeout(poll, 2000);
    }).catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 1000);
})();
