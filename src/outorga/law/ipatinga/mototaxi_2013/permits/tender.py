"""Art. 6º: the permission is delegated "precedida de licitação" (caput), the instrument by which
the service passes to private persons "mediante processo licitatório" (§5), and only to a natural
person (§1). So only a natural person applies to the tender, and a grant in a tender's name goes
within the places it offered to the applicant its ranking calls now. Whether the tender was of the
service and homologated by the grant is the permission's own reading (``permit_term``,
:func:`.term.art_6_tender_precedes`). The readings are shared with the taxi law
(:mod:`outorga.law.common.tender`); the rule ids and articles are this law's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common.tender import (
    TENDER_APPLICANT_SCHEMA,
    TENDER_GRANT_SCHEMA,
    TenderGrant,
    tender_applicant_decision,
    tender_applicant_kind,
    tender_grant_decision,
    tender_places_left,
    tender_ranking_order,
)
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason
from outorga.law.questions import question

from .._common import LAW_ID, art


def art_6_par1_tender_applicant_natural_person(kind: str) -> Reason:
    """Art. 6º, §1º — as permissões somente se dão à pessoa física: only a natural person applies
    to a tender of mototáxi or motofrete."""
    return tender_applicant_kind(
        "art_6_par1_tender_applicant_natural_person",
        kind,
        ("fisica",),
        "mototáxi e motofrete",
        art(6, 1),
    )


@question(
    "ipatinga.mototaxi-2013.tender_applicant",
    law=LAW_ID,
    title="Esta pessoa pode se inscrever na licitação de mototáxi/motofrete?",
    schema=TENDER_APPLICANT_SCHEMA,
)
def tender_applicant(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º, §1º: a natural person applies; a legal person is refused."""
    qid = "ipatinga.mototaxi-2013.tender_applicant"
    return tender_applicant_decision(qid, ctx, facts, art_6_par1_tender_applicant_natural_person)


def art_6_tender_places_left(g: TenderGrant) -> Reason:
    """Art. 6º — precedida de licitação: the tender delegates the permissions it offered, so it
    grants no more than its places."""
    return tender_places_left("art_6_tender_places_left", g, art(6))


def art_6_par5_tender_ranking_order(g: TenderGrant) -> Reason:
    """Art. 6º caput and §5º — mediante processo licitatório: the tender's result binds the
    grants, which go to the applicant its ranking calls now."""
    return tender_ranking_order("art_6_par5_tender_ranking_order", g, art(6), art(6, 5))


@question(
    "ipatinga.mototaxi-2013.tender_grant",
    law=LAW_ID,
    title="A outorga em nome desta licitação de mototáxi/motofrete segue a licitação?",
    schema=TENDER_GRANT_SCHEMA,
)
def tender_grant(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º caput and §5º: within the tender's places, to the applicant its ranking calls now."""
    qid = "ipatinga.mototaxi-2013.tender_grant"
    return tender_grant_decision(
        qid, ctx, facts, (art_6_tender_places_left, art_6_par5_tender_ranking_order)
    )
