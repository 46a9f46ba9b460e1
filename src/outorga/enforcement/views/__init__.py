"""Web screens: the inspector's phone flow, the case page with each step for the competent role,
work queues, the Diário Oficial batch, seizures, and the holder's portal. Thin: parse → one
service → render or redirect.

- ``common``: the servants-only guard, the refusals a form shows back, dates and files.
- ``autos``: search, catalog, the taxi regulation's items, autos de infração and seizures.
- ``cases``: the case page and its steps (notices, filings, judgments, the Chief Executive's
  decision), the work queue, the Diário Oficial batch.
- ``penalties``: suspensions, reinstatement, the cassação proposal, taxi suspensions.
- ``portal``: the holder's cases, defences and appeals online.
"""
