"""Registry writes, one module per aggregate, each serving every law through the law seam.

Each service checks competence, asks the law core, changes state in one transaction and records
the act (with the decision trace) in that same transaction.

- ``common``: what the modules share — the law bound to a service, merged decisions and
  refusals, :class:`~.common.InvalidTransition`, the act snapshot.
- ``people``: persons and their partners, driving licences, the badge photo.
- ``documents``: recording a document and serving its file.
- ``vehicles``: the vehicle's record and its inscription in the Cadastro Municipal de Taxistas.
- ``eligibility``: read-only eligibility of persons and vehicles; the bar on the Cadastro.
- ``permits``: the grant (mototaxi, motofrete, taxi with its Termo) and the taxi transfer.
- ``permit_status``: suspension, return, annulment on appeal, renúncia, reserve, cassação,
  revocation.
- ``permit_restore``: a revocation or cassação annulled of the administration's own motion —
  the permit back to the status it had, its auxiliaries linked again (ADR 0066).
- ``termos``: yearly renewal of the certificate and of the Termo de Permissão; prorrogação.
- ``auxiliaries``: auxiliaries added, cassados, removed, their credential renewed.
- ``vehicle_changes``: substitution, reserve vehicle, permuta and the end of a temporary change.
- ``extinctions``: the taxi permission's extinction case (art. 15).
- ``tenders``: tenders (licitação), their applicants, ranking, homologation and grants in order.
- ``stands``: stands (pontos) and their places.

The facts the law's questions need are built in ``registry.facts``.
"""
