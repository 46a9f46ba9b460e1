"""API of enforcement (``/api/v1/enforcement/…``): every step of the processo administrativo.

Staff routes use the session (``staff``); the holder's routes (``/enforcement/me/…``) accept the
permissionário's session. Refusals answer 422 with the law core's reasons; competence 403.

``router`` (mounted by ``outorga.config.api``) gathers one router per aggregate, in the order the
OpenAPI document lists them:

* ``common`` — who acts and where, the case as the caller's role reads it, the step helpers;
* ``autos`` — the catalog of infractions, lavrar and cancel an auto;
* ``cases`` — the case and its steps (notices, filings, judgment, reconsideration, decision,
  annulment, the taxi warning) and the work queue;
* ``penalties`` — suspensions, cassação proposals, taxi suspensions;
* ``seizures`` — seized vehicles;
* ``holder`` — the permissionário's own cases and filings.

Each route names its ``operation_id``: the one the OpenAPI document gave it when every route lived
in one ``enforcement/api.py`` module, so that clients generated from the document keep working.
"""

from ninja import Router

from outorga.core.apikit import staff

from . import autos, cases, holder, penalties, seizures

router = Router(tags=["fiscalização"], auth=staff)
for routes in (autos, cases, penalties, seizures, holder):
    router.add_router("", routes.router)
