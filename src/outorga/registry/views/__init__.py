"""Clerk screens, one module per aggregate, each serving every law through the seam. Thin: a view
parses a form, calls one service and renders the result; ``urls`` (namespace ``registry``) and
``urls_taxi`` (namespace ``taxi``) route to them.

- ``common``: what the screens share — competence (``may``, ``deny``, ``competent``), the service
  call with the law's refusal or the bad input shown on the form (``attempt``, ``field_error``,
  ``problem_of``), the page of an act on a permit (``permit_page``).
- ``home``: the search and the counts of active permits.
- ``people``: registration and correction of a person, the person's page, the badge photo.
- ``vehicles``: registration of a vehicle and its page.
- ``documents``: the uploaded document's file.
- ``permits``: the list, the grant (mototaxi, motofrete; taxi with its Termo), the permit's page
  and what it offers, the taxi transfer.
- ``permit_status``: renúncia, reserve and its end.
- ``termos``: the yearly certificate, the extension, the taxi Termo, its renewal and its PDF.
- ``auxiliaries``: auxiliaries added, removed, their credential renewed.
- ``vehicle_changes``: substitution, reserve vehicle, permuta, end of a temporary vehicle.
- ``extinctions``: the taxi permission's extinction case (art. 15).
- ``tenders``: tenders (licitações) and their steps.
- ``stands``: stands (pontos).
"""
