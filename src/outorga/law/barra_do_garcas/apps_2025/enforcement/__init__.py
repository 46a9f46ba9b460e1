"""Capítulo VII — Fiscalização e Penalidades (art. 22–26).

Who inspects and who decides is in :mod:`outorga.law.competence` (not repeated here): the posture
inspectors of the Urban Development secretariat inspect (art. 22–23); suspension and cancellation of
a platform's credential are proposals decided by the competent authority (D-3).

The law only demands due process (art. 26, parágrafo único). Defence and appeal periods are
regulation data (``apps_2025.procedure_*_days``, null until a regulation sets them); meanwhile the
defaults of Lei 9.784/1999 apply — 10 days for the defence (art. 44) and for the appeal (art. 59),
30 days to judge the appeal (art. 59 §1) — and a decision that uses them says so (D-17).
``barra-do-garcas.apps-2025.penalty_appeal`` says whether an appeal against a warning or fine is heard (a late one is
not, Lei 9.784/1999 art. 63, I) and ``barra-do-garcas.apps-2025.penalty_finality`` when the penalty is final (D-1).

The chapter is a package, one module a section (the rules keep their names here, where the
coverage map and the apps find them):

* :mod:`.inspection` — art. 23 and 25: the inspection of a vehicle;
* :mod:`.penalties` — art. 26 I–IV: the penalties, the credential's standing, the deadlines;
* :mod:`.appeals` — art. 26, parágrafo único: the appeal, the finality (D-1), the reconsideration
  and the partial provision;
* :mod:`.judgment` — art. 26, parágrafo único with Lei 9.784/1999 art. 59 §1 (D-17): the superior
  authority's days to judge the appeal of an inspector's auto from receiving it;
* :mod:`.appearance` — art. 26, parágrafo único with Lei 9.784/1999 art. 26 §5: notice by
  appearance;
* :mod:`.annulment` — Lei 9.784/1999 art. 53 (D-17): the warning or fine annulled of the
  authority's own motion;
* :mod:`.roster_restore` — art. 26 IV with art. 3 §2 and Lei 9.784/1999 art. 53, 64: the drivers a
  cancellation disabled, when it is annulled or turned into a suspension.
"""

from outorga.law.common.reconsideration import FEDERAL_RECONSIDERATION

from .annulment import case_annulment
from .appeals import (
    APPEAL_RESULTS,
    FEDERAL_APPEAL_NOT_HEARD,
    FEDERAL_APPEARANCE_SUPPLIES_NOTICE,
    FEDERAL_PARTIAL_PROVISION,
    FEDERAL_REASONED_DECISION,
    REVISION_RESULTS,
    appeal_reconsideration,
    art26_sole_appeal_in_time,
    art26_sole_appeal_judgment,
    art56_1_reconsideration_in_time,
    art56_1_who_decides,
    art64_credential_reduction,
    art64_new_measure_only_in_part,
    art64_partial_provision,
    art64_partial_provision_of_a_fine_only,
    credential_after_revision,
    d1_penalty_final,
    penalty_appeal,
    penalty_finality,
    penalty_revision,
)
from .appearance import notice_by_appearance
from .inspection import (
    art23_inspector_finding,
    art25_no_external_signs,
    vehicle_inspection,
)
from .judgment import appeal_judgment
from .penalties import (
    FEDERAL_REASONED_DECISION_II,
    OCCURRENCE_SCHEMA,
    PENALTIES,
    PROPOSALS,
    STAGES,
    STOPPED_ACTS,
    art26_i_prior_occurrences,
    art26_i_warning_on_first_occurrence,
    art26_ii_fine,
    art26_iii_seizure,
    art26_iv_credential,
    art26_iv_one_suspension_at_a_time,
    art26_iv_suspension_period,
    art26_sole_defence,
    credential_measure,
    credential_standing,
    default_used,
    penalty,
    procedure_days,
    procedure_deadlines,
    upfbg_in_reais,
)
from .roster_restore import (
    art26_iv_already_on_roster,
    art26_iv_annulment_gives_back,
    art26_iv_platform_disabled_since,
    roster_restore,
)

__all__ = [
    "case_annulment",
    "art26_iv_annulment_gives_back",
    "art26_iv_platform_disabled_since",
    "art26_iv_already_on_roster",
    "roster_restore",
    "appeal_reconsideration",
    "notice_by_appearance",
    "art56_1_who_decides",
    "art25_no_external_signs",
    "art23_inspector_finding",
    "vehicle_inspection",
    "PENALTIES",
    "PROPOSALS",
    "STAGES",
    "procedure_days",
    "default_used",
    "art26_sole_defence",
    "OCCURRENCE_SCHEMA",
    "art26_i_prior_occurrences",
    "art26_i_warning_on_first_occurrence",
    "upfbg_in_reais",
    "art26_ii_fine",
    "art26_iii_seizure",
    "art26_iv_credential",
    "art26_iv_one_suspension_at_a_time",
    "art26_iv_suspension_period",
    "FEDERAL_REASONED_DECISION_II",
    "STOPPED_ACTS",
    "credential_measure",
    "credential_standing",
    "penalty",
    "procedure_deadlines",
    "FEDERAL_APPEAL_NOT_HEARD",
    "FEDERAL_APPEARANCE_SUPPLIES_NOTICE",
    "FEDERAL_REASONED_DECISION",
    "FEDERAL_PARTIAL_PROVISION",
    "APPEAL_RESULTS",
    "art26_sole_appeal_in_time",
    "art26_sole_appeal_judgment",
    "appeal_judgment",
    "penalty_appeal",
    "d1_penalty_final",
    "penalty_finality",
    "FEDERAL_RECONSIDERATION",
    "REVISION_RESULTS",
    "art56_1_reconsideration_in_time",
    "art64_partial_provision",
    "art64_partial_provision_of_a_fine_only",
    "art64_new_measure_only_in_part",
    "art64_credential_reduction",
    "penalty_revision",
    "credential_after_revision",
]
