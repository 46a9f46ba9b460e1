"""Files a platform joins to its defence or appeal (ADR 0043; apps art. 26 sole paragraph:
contraditório e ampla defesa "com os meios e recursos a ela inerentes"; Lei 9.784/1999 art. 3 III,
38: the interested party may join documents until the decision).

A file is judged by its bytes (``core.uploads``: PDF, JPEG or PNG within the document limit) and
kept as sent — it is evidence —, its SHA-256 in the act. The same file sent again to the same
filing is the one already there (an upload retried after a lost answer adds nothing). A file is
taken while its filing waits for a decision: the defence while the case is open, an appeal while
it is pending; one portal page and one API route each, through this one service."""

from __future__ import annotations

from django.db import transaction

from outorga.core import uploads
from outorga.core.acts import Actor, record_act
from outorga.core.attachments import attachment_checked
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import (
    Platform,
    PlatformAttachment,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from .common import PlatformError, authorize_apps, field_error

#: Files one filing may carry: enough for a defence's evidence, not a store for anything else.
MAX_PER_FILING = 20

Filing = PlatformAttachment.Filing


def attachments_of(
    filing: str, *, case: PlatformCase | None = None, penalty: PlatformPenalty | None = None
) -> list[PlatformAttachment]:
    """The files joined to one filing, oldest first."""
    records = PlatformAttachment.objects.filter(filing=filing)
    records = records.filter(case=case) if case is not None else records.filter(penalty=penalty)
    return list(records.order_by("pk"))


def _still_open(filing: str, case: PlatformCase | None, penalty: PlatformPenalty | None) -> None:
    """Refuse a file once its filing was decided (or before it exists)."""
    if filing == Filing.DEFENCE:
        assert case is not None
        if case.status != PlatformCase.Status.OPEN:
            raise PlatformError(
                "Processo já decidido: a defesa não recebe mais anexos.", status=409
            )
        return
    if filing == Filing.CASE_APPEAL:
        assert case is not None
        appeal: PlatformCaseAppeal | PlatformPenaltyAppeal | None = (
            PlatformCaseAppeal.objects.filter(case=case).first()
        )
    else:
        assert penalty is not None
        appeal = PlatformPenaltyAppeal.objects.filter(penalty=penalty).first()
    if appeal is None:
        raise PlatformError("Apresente o recurso antes de juntar anexos a ele.", status=409)
    if appeal.result != "pending":
        raise PlatformError("Recurso já decidido: não recebe mais anexos.", status=409)


def case_filing(case: PlatformCase) -> str:
    """What a file sent for a case joins: its defence while the case is open, the appeal against
    the decision once it was decided (Lei 9.784/1999, art. 3, III, and art. 38)."""
    return Filing.DEFENCE if case.status == PlatformCase.Status.OPEN else Filing.CASE_APPEAL


def filing_open(
    filing: str, *, case: PlatformCase | None = None, penalty: PlatformPenalty | None = None
) -> bool:
    """Whether the filing still takes files (its page offers the form)."""
    try:
        _still_open(filing, case, penalty)
    except PlatformError:
        return False
    return True


def platform_attachment_add(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    filing: str,
    name: str,
    content: bytes,
    case: PlatformCase | None = None,
    penalty: PlatformPenalty | None = None,
) -> tuple[PlatformAttachment, bool]:
    """Join a file to ``platform``'s defence or appeal in ``case`` (defence, case appeal) or
    ``penalty`` (penalty appeal); the attachment, and whether it is new (False: the same file was
    already there)."""
    authorize_apps(actor=actor, municipality=municipality, action="defence.file")
    filing = Filing(filing)
    on_case = filing in (Filing.DEFENCE, Filing.CASE_APPEAL)
    target = case if on_case else penalty
    # A driver's penalty is the driver's case, not the platform's (art. 26 caput).
    if (
        target is None
        or target.platform_id != platform.pk
        or (penalty is not None and not on_case and penalty.driver_id is not None)
    ):
        raise PlatformError("Processo não encontrado.", status=404)
    name = (name or "arquivo").replace("\\", "/").rsplit("/", 1)[-1].strip()[:200] or "arquivo"
    try:
        ctype, digest = attachment_checked(content)
    except uploads.BadFile as exc:
        raise field_error("arquivo", f"Anexo «{name}»: {exc.message}.", exc.status) from None
    key = {"case_id": target.pk} if on_case else {"penalty_id": target.pk}
    with transaction.atomic(), tenant(municipality):
        # The filing's owner locked: its decision and a second upload wait for this one.
        model = PlatformCase if on_case else PlatformPenalty
        locked = model.objects.select_for_update().get(pk=target.pk)
        existing = PlatformAttachment.objects.filter(filing=filing, sha256=digest, **key).first()
        if existing is not None:
            return existing, False
        _still_open(
            filing,
            locked if on_case else None,
            None if on_case else locked,
        )
        if PlatformAttachment.objects.filter(filing=filing, **key).count() >= MAX_PER_FILING:
            raise field_error(
                "arquivo", f"Cada defesa ou recurso leva no máximo {MAX_PER_FILING} anexos.", 409
            )
        a = PlatformAttachment(
            platform=platform,
            filing=filing,
            name=name,
            content_type=ctype,
            sha256=digest,
            uploaded_by=actor.user,
            uploaded_by_name=actor.name[:150],
            **key,
        )
        a.store(
            content,
            f"{platform.pk}-{filing}-{target.pk}-{digest[:16]}.{uploads.EXTENSIONS[ctype]}",
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.attachment.add",
            obj=a,
            new={
                "filing": filing,
                "case": target.pk if on_case else None,
                "penalty": None if on_case else target.pk,
                "name": a.name,
                "content_type": ctype,
                "size": a.size,
                "sha256": digest,
            },
        )
    return a, True
