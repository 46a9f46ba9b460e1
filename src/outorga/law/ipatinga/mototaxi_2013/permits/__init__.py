"""Permissions and the registry: term and extensions (art. 6), quota (art. 10), registration
certificate (art. 4 §1) and the validity of the documents the law dates (art. 4 §1, 5 §1 III,
5 §2, 14 §2).

A package, a module a section; the rules keep their names here, where the coverage map and the
apps find them:

* :mod:`.term` — art. 6: grant, term, extensions and the events that end a permission;
* :mod:`.quotas` — art. 10: the quota;
* :mod:`.tender` — art. 6 §1 and §5: who applies to the tender, the grant in its name;
* :mod:`.documents` — the dated documents and the auxiliary's yearly credential (art. 14 §2);
* :mod:`.public_post` — art. 2, XXIV: suspension for an elected or a confidence post.
"""

from .documents import (
    DOCUMENT_RULES,
    DocumentRule,
    art_14_par2_one_year_at_a_time,
    art_14_par2_renewal_period,
    art_32_iv_f_late_renewal,
    auxiliary_credential_renewal,
    document_expiry,
    document_validity,
)
from .public_post import (
    PUBLIC_POST_SCHEMA,
    PUBLIC_POSTS,
    art_2_xxiv_public_post,
    public_post_suspension,
)
from .quotas import (
    art_6_art_10_i_tender_places_within_quota,
    art_10_i_mototaxi_quota,
    art_10_ii_motofrete_unlimited,
    quota,
    tender_places,
)
from .tender import (
    art_6_par1_tender_applicant_natural_person,
    art_6_par5_tender_ranking_order,
    art_6_tender_places_left,
    tender_applicant,
    tender_grant,
)
from .term import (
    ENDED_PT,
    ENDED_STATUSES,
    ENDING_EVENTS,
    EVENT_PT,
    LIVE_STATUSES,
    OTHER_EVENTS,
    PERMIT_SCHEMA,
    PERMIT_STATUSES,
    Extension,
    ExtensionFacts,
    PermitEvent,
    PermitFacts,
    art_6_extension_at_executive_discretion,
    art_6_extension_count,
    art_6_extension_of_a_live_permission,
    art_6_extension_while_the_term_runs,
    art_6_extensions,
    art_6_grant_by_decree_after_tender,
    art_6_initial_term,
    art_6_par6_and_art_2_xx_xxiii_events,
    ended_on,
    permit_extension,
    permit_term,
)

__all__ = [
    "Extension",
    "PermitEvent",
    "PermitFacts",
    "art_6_grant_by_decree_after_tender",
    "art_6_initial_term",
    "art_6_extensions",
    "ENDING_EVENTS",
    "OTHER_EVENTS",
    "EVENT_PT",
    "art_6_par6_and_art_2_xx_xxiii_events",
    "ended_on",
    "PERMIT_SCHEMA",
    "permit_term",
    "PERMIT_STATUSES",
    "LIVE_STATUSES",
    "ENDED_STATUSES",
    "ENDED_PT",
    "ExtensionFacts",
    "art_6_extension_at_executive_discretion",
    "art_6_extension_count",
    "art_6_extension_while_the_term_runs",
    "art_6_extension_of_a_live_permission",
    "permit_extension",
    "art_10_i_mototaxi_quota",
    "art_10_ii_motofrete_unlimited",
    "quota",
    "art_6_art_10_i_tender_places_within_quota",
    "tender_places",
    "art_6_par1_tender_applicant_natural_person",
    "tender_applicant",
    "art_6_tender_places_left",
    "art_6_par5_tender_ranking_order",
    "tender_grant",
    "DocumentRule",
    "DOCUMENT_RULES",
    "document_expiry",
    "document_validity",
    "art_14_par2_renewal_period",
    "art_14_par2_one_year_at_a_time",
    "art_32_iv_f_late_renewal",
    "auxiliary_credential_renewal",
    "PUBLIC_POSTS",
    "art_2_xxiv_public_post",
    "PUBLIC_POST_SCHEMA",
    "public_post_suspension",
]
