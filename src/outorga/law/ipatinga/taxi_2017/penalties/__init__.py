"""Capítulo VII — Das infrações e penalidades (art. 41–43), and the procedure the law leaves to a
regulation (decision D-17: Lei 9.784/1999 by default; never the mototaxi JARI path).

The chapter is a package, a module a section; the rules keep their names here, where the coverage
map and the apps find them:

* :mod:`.infractions` — art. 41 §2 and 43: the infraction catalog;
* :mod:`.deadlines` — D-17: the procedure's deadlines;
* :mod:`.appearance` — D-17: the holder's appearance supplies a notice (Lei 9.784/1999 art. 26
  §5);
* :mod:`.annulment` — D-17: an auto or penalty annulled of the administration's own motion (Lei
  9.784/1999 art. 53);
* :mod:`.reconsideration` — D-17: the appeal reconsidered by the authority that decided, or sent
  up to the superior one (Lei 9.784/1999 art. 56 §1);
* :mod:`.judgment` — D-17: the superior authority's days to judge the appeal from receiving it
  (Lei 9.784/1999 art. 59 §1);
* :mod:`.imposition` — art. 41: the penalty, the fine, the cassações and their notice;
* :mod:`.suspension_points` — art. 42 IV–V, VII and §3: suspensions and points;
* :mod:`.register_bar` — art. 41 IV, §3 and 42 IV: the inscription in the Cadastro barred;
* :mod:`.seizure` — art. 41 III and §5: the seizure as a penalty, after the notice, told apart
  from the removal at the act (art. 42 II).
"""

from .annulment import case_annulment_question, permission_annulment_question
from .appearance import appearance_question
from .deadlines import (
    DEADLINE_SCHEMA,
    LEI_9784,
    STEPS,
    art_43_d_17_filed_in_time,
    d_4_deadline,
    d_17_procedure_days,
    deadline_citations,
    deadline_question,
)
from .imposition import (
    OFFENDERS,
    PENALTIES,
    PENALTY_PT,
    PENALTY_SCHEMA,
    PROPOSED,
    art_41_par_1_primary,
    art_41_par_1_warning,
    art_41_par_2_fine,
    art_41_par_3_4_a_standing_auto,
    art_41_par_3_register_cassacao,
    art_41_par_3_the_offender_punished,
    art_41_par_4_permit_cassacao,
    art_41_par_5_notice_of_the_proposal,
    art_41_par_5_prior_notice,
    d_1_final_infraction,
    penalty_question,
)
from .infractions import (
    LAW_CATALOG,
    NAMED_WITHOUT_NATURE,
    InfractionType,
    catalog,
    nature_from_regulation,
)
from .judgment import judgment_question
from .reconsideration import d_17_art_56_1_who_decides, reconsideration_question
from .register_bar import (
    REGISTER_BAR_SCHEMA,
    art_41_iv_par_3_cadastro_cassado,
    art_42_iv_cadastro_suspenso,
    register_bar_question,
)
from .seizure import (
    SEIZURE_GROUNDS_SCHEMA,
    art_41_caput_defence_pending,
    art_41_iii_seizure_as_penalty,
    art_42_ii_removal_at_the_act,
    seizure_grounds_question,
)
from .suspension_points import (
    POINTS_SCHEMA,
    SUSPENSION_SCHEMA,
    CountedInfraction,
    art_41_caput_d_1_not_before_final,
    art_41_caput_d_1_on_a_final_auto,
    art_42_caput_the_same_measure_not_twice,
    art_42_iv_the_offenders_inscription,
    art_42_iv_v_not_before_the_decision,
    art_42_par_3_windows,
    art_42_suspension_limit,
    permit_suspension_question,
    points_question,
    register_suspension_question,
    suspension_question,
)

__all__ = [
    "REGISTER_BAR_SCHEMA",
    "art_41_iv_par_3_cadastro_cassado",
    "case_annulment_question",
    "permission_annulment_question",
    "art_42_iv_cadastro_suspenso",
    "register_bar_question",
    "InfractionType",
    "LAW_CATALOG",
    "NAMED_WITHOUT_NATURE",
    "nature_from_regulation",
    "catalog",
    "LEI_9784",
    "STEPS",
    "d_17_procedure_days",
    "art_43_d_17_filed_in_time",
    "deadline_citations",
    "d_4_deadline",
    "DEADLINE_SCHEMA",
    "deadline_question",
    "appearance_question",
    "d_17_art_56_1_who_decides",
    "reconsideration_question",
    "judgment_question",
    "PENALTIES",
    "PROPOSED",
    "PENALTY_PT",
    "art_41_par_1_primary",
    "art_41_par_1_warning",
    "art_41_par_2_fine",
    "OFFENDERS",
    "art_41_par_3_register_cassacao",
    "art_41_par_3_the_offender_punished",
    "art_41_par_3_4_a_standing_auto",
    "art_41_par_4_permit_cassacao",
    "d_1_final_infraction",
    "art_41_par_5_notice_of_the_proposal",
    "art_41_par_5_prior_notice",
    "PENALTY_SCHEMA",
    "penalty_question",
    "art_41_caput_d_1_not_before_final",
    "art_42_iv_v_not_before_the_decision",
    "art_42_iv_the_offenders_inscription",
    "art_41_caput_d_1_on_a_final_auto",
    "art_42_caput_the_same_measure_not_twice",
    "art_42_suspension_limit",
    "permit_suspension_question",
    "register_suspension_question",
    "SUSPENSION_SCHEMA",
    "suspension_question",
    "CountedInfraction",
    "art_42_par_3_windows",
    "POINTS_SCHEMA",
    "points_question",
    "SEIZURE_GROUNDS_SCHEMA",
    "art_41_caput_defence_pending",
    "art_41_iii_seizure_as_penalty",
    "art_42_ii_removal_at_the_act",
    "seizure_grounds_question",
]
