"""Enforcement writes: one service per step of the processo administrativo, a module per aggregate.

Each service checks competence (``authorize``, before the transaction so a refusal's act is kept),
asks the law core (``lawbridge``), changes state and records the act with the decision trace in the
same transaction. The daily sweep (``finality.sweep``) applies what the calendar decides: revelia,
finality, storage days; it never revokes, cassates or suspends anything by itself (D-3).

- ``common``: ``InvalidStep``, ``NotOwner``, the act's basis and citations, the upload check, a
  case's debts (charge, cancel, pending or contested).
- ``autos``: autos de infração — issue (with the written warning), cancel; the auto a taxi
  penalty punishes.
- ``notices``: notices delivered (D-4) and the Diário Oficial's edital.
- ``filings``: defence and appeals, filed and judged (art. 42–44; taxi D-17).
- ``reconsideration``: the appeal reconsidered by the authority that decided, or sent up (Lei
  9.784/1999 art. 56 §1, D-17).
- ``judgment``: the superior authority's day to judge an appeal, where the law sets it (Lei
  9.784/1999 art. 59 §1, D-17; ADR 0084).
- ``finality``: a case becoming final (D-1) and the daily sweep.
- ``escalation``: the permit's record weighed when an infraction is final; proposals opened.
- ``proposals``: revocation and cassação proposals, decided by the Chief Executive (D-3).
- ``suspensions``: mototaxi suspension (art. 32 I, 34) and its appeal; taxi suspensions of the
  permission and of the Cadastro (art. 42 IV–V).
- ``seizures``: apreensões, storage and release (art. 35).
"""
