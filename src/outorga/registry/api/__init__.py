"""Registry API (django-ninja), one module per aggregate, each serving every law through the seam.
Thin: parse, call one service, answer; the errors (FieldError 422, Refused 422 with the decision,
InvalidTransition 409) are answered by ``outorga.config.api``.

- ``router``: the four routers (/registry, /tenders, /taxi, /stands); ``routes`` registers every
  route module on them — what ``outorga.config.api`` mounts.
- ``common``: the answers every route may give (``READ_ERRORS``, ``WRITE_ERRORS``, the law's
  refusal with its reasons), small shared bodies (``DatedText``, ``OnIn``) and lookups.
- ``people``: persons, their partners, driving licence, badge photo and eligibility.
- ``vehicles``: the vehicle's record.
- ``documents``: recording a document and serving its file.
- ``permits``: the list, the grant (mototaxi, motofrete; taxi with its Termo), the detail, the
  taxi transfer.
- ``permit_status``: suspension, reinstatement, renúncia, reserve and its end.
- ``termos``: the yearly certificate, the extension, the taxi Termo and its renewal.
- ``auxiliaries``: auxiliaries added, their credential renewed, removed.
- ``vehicle_changes``: substitution, reserve vehicle, permuta, end of a temporary vehicle.
- ``extinctions``: the taxi permission's extinction case (art. 15).
- ``tenders``: tenders (licitações), applicants, evaluation, ranking, homologation, grants.
- ``stands``: stands (pontos).
"""
