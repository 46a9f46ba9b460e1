"""Checkpoints of the acts log: the chain head anchored outside the database.

The hash chain shows an edited or a removed record in the middle, but not a tail cut with the head
reset, nor a wiped log: what remains is still a valid chain. A checkpoint is a signed statement
"on this date the municipality's log held N acts, the last one hashing H", written as a JSON file
the municipality keeps or publishes (``outorga audit checkpoint``, the daily sweep) and recorded
in ``ActCheckpoint``. ``outorga audit verify`` checks the log against the recorded checkpoints and
the files it is given, and names the acts missing ("atos 8 a 10 ausentes").

The signature is the municipality's Ed25519 badge key (the ``public`` app keeps the keys and
publishes the public halves at ``/api/v1/public/keys/<ibge>``), reached through the :class:`Signer`
port that app provides at start-up, so this core module never imports it. The signed message is
prefixed with its own domain (``MESSAGE_PREFIX``): a badge payload is 15 binary bytes, a
checkpoint message is text, so one signature can never stand for the other.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from nacl.exceptions import BadSignatureError
from nacl.exceptions import ValueError as NaclValueError
from nacl.signing import VerifyKey

from .acts import Actor, ChainReport, canonical_json, missing_range, verify_chain, walk_chain
from .models import Act, ActChain, ActCheckpoint, Municipality
from .tenancy import tenant, unscoped

FORMAT = "outorga-checkpoint-v1"
MESSAGE_PREFIX = (FORMAT + "\n").encode("ascii")


class Signer(Protocol):
    def current_key(self, municipality: Municipality, actor: Actor) -> tuple[int, str]:
        """The id and public key (base64url) of the key that signs now, created on first need.
        Called inside a transaction and the municipality's tenant."""
        ...

    def sign(self, municipality: Municipality, key_id: int, message: bytes) -> str:
        """The Ed25519 signature (base64url) of ``message`` with the municipality's key."""
        ...

    def public_key(self, municipality: Municipality, key_id: int) -> str | None:
        """The published public key ``key_id`` of the municipality (base64url), or None."""
        ...


_provided: dict[str, Signer] = {}


def provide_signer(impl: Signer) -> None:
    _provided["signer"] = impl


def signer() -> Signer:
    try:
        return _provided["signer"]
    except KeyError:
        raise ImproperlyConfigured(
            "core.checkpoints: nenhum assinador fornecido ('outorga.public' está em INSTALLED_APPS?)"
        ) from None


class CheckpointRefused(RuntimeError):
    """The log does not verify: anchoring it would certify the tampering."""

    def __init__(self, report: ChainReport) -> None:
        self.report = report
        super().__init__(
            f"{report.municipality}: registro de atos não confere no ato nº {report.broken_at}"
            f" ({report.problem}); ponto de controle não emitido"
        )


class BadCheckpoint(ValueError):
    """A file that is not a checkpoint (shape, format); its signature is judged by verify."""


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Checkpoint:
    """One checkpoint as signed: ``body`` is the signed JSON object."""

    body: dict[str, Any]
    signature: str
    source: str  # where it came from, as the operator reads it
    public_key: str = ""  # as the file states it; verification reads the published one

    @property
    def ibge_code(self) -> str:
        return str(self.body["municipality"]["ibge_code"])

    @property
    def last_seq(self) -> int:
        return int(self.body["last_seq"])

    @property
    def head_hash(self) -> str:
        return str(self.body["head_hash"])

    @property
    def key_id(self) -> int:
        return int(self.body["key_id"])

    @property
    def time(self) -> dt.datetime:
        return dt.datetime.fromisoformat(self.body["time"])

    def message(self) -> bytes:
        return MESSAGE_PREFIX + canonical_json(self.body).encode("utf-8")

    def to_file(self) -> dict[str, Any]:
        return {**self.body, "public_key": self.public_key, "signature": self.signature}

    def label(self) -> str:
        local = timezone.localtime(self.time)
        return f"ponto de controle de {local:%d/%m/%Y %H:%M} ({self.source})"


_BODY_KEYS = {"format", "municipality", "last_seq", "count", "head_hash", "time", "key_id"}


def read_file(path: Path) -> Checkpoint:
    """A checkpoint file as written by :func:`checkpoint_write` (the signature is not judged)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadCheckpoint(f"{path}: não é um arquivo JSON legível ({exc})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadCheckpoint(f"{path}: não é um ponto de controle ({FORMAT})")
    body = {k: data[k] for k in _BODY_KEYS if k in data}
    if set(body) != _BODY_KEYS or not isinstance(data.get("signature"), str):
        faltam = ", ".join(sorted(_BODY_KEYS - set(body)) or ["signature"])
        raise BadCheckpoint(f"{path}: ponto de controle incompleto (faltam: {faltam})")
    return Checkpoint(
        body, data["signature"], f"arquivo {path.name}", str(data.get("public_key", ""))
    )


def recorded(municipality: Municipality) -> list[Checkpoint]:
    """The checkpoints recorded in the database, oldest first."""
    with unscoped():
        rows = ActCheckpoint.objects.filter(municipality=municipality).order_by("last_seq", "id")
        return [
            Checkpoint(json.loads(r.signed), r.signature, f"registrado nº {r.pk}") for r in rows
        ]


def checkpoint_create(*, municipality: Municipality, actor: Actor) -> Checkpoint:
    """Verify the municipality's log and sign its head; record the checkpoint.

    The log is verified before the head is locked (it may be long), then the acts appended
    meanwhile are verified under the lock, so what is signed is a head the whole chain reaches.
    """
    report = verify_chain(municipality)
    if not report.ok:
        raise CheckpointRefused(report)
    with transaction.atomic(), tenant(municipality):
        # The key first: its creation on first need is itself an act (it locks the municipality
        # and the chain head, in core.locking's order); the head is read after it.
        key_id, public_key = signer().current_key(municipality, actor)
        ActChain.objects.get_or_create(municipality=municipality)
        head = ActChain.objects.select_for_update().get(municipality=municipality)
        tail = walk_chain(municipality, after=report.checked, prev=report.head_hash)
        if not tail.ok or (tail.checked, tail.head_hash) != (head.last_seq, head.last_hash):
            raise CheckpointRefused(verify_chain(municipality))
        now = timezone.now().astimezone(dt.UTC)
        body: dict[str, Any] = {
            "format": FORMAT,
            "municipality": {
                "ibge_code": municipality.ibge_code,
                "slug": municipality.slug,
                "name": municipality.name,
            },
            "last_seq": head.last_seq,
            "count": tail.checked,
            "head_hash": head.last_hash,
            "time": now.isoformat(),
            "key_id": key_id,
        }
        draft = Checkpoint(body, "", "")
        signature = signer().sign(municipality, key_id, draft.message())
        row = ActCheckpoint.objects.create(
            created_at=now,
            last_seq=head.last_seq,
            count=tail.checked,
            head_hash=head.last_hash,
            key_id=key_id,
            signed=canonical_json(body),
            signature=signature,
        )
    return Checkpoint(body, signature, f"registrado nº {row.pk}", public_key)


def checkpoint_write(point: Checkpoint, path: Path) -> Path:
    """Write the checkpoint as a JSON file (created, never overwritten)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(point.to_file(), ensure_ascii=False, indent=2, sort_keys=True)
    with path.open("x", encoding="utf-8") as out:
        out.write(text + "\n")
    return path


def file_name(point: Checkpoint) -> str:
    stamp = point.time.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"{point.body['municipality']['slug']}-ato-{point.last_seq}-{stamp}.json"


@dataclass
class AuditReport:
    """The log of one municipality judged against its chain and its checkpoints."""

    municipality: Municipality
    chain: ChainReport
    checkpoints: int = 0
    problems: list[str] = field(default_factory=list)
    missing: tuple[int, int] | None = None  # the acts a checkpoint shows were cut

    @property
    def ok(self) -> bool:
        return self.chain.ok and not self.problems


def _signature_problem(
    m: Municipality, point: Checkpoint, keys: dict[int, str | None]
) -> str | None:
    if point.key_id not in keys:  # a year of daily checkpoints names one or two keys
        keys[point.key_id] = signer().public_key(m, point.key_id)
    public = keys[point.key_id]
    if public is None:
        return (
            f"{point.label()}: chave de assinatura nº {point.key_id} não publicada pelo "
            "município; a assinatura não pode ser conferida"
        )
    try:
        VerifyKey(_unb64url(public)).verify(point.message(), _unb64url(point.signature))
    except (BadSignatureError, NaclValueError, binascii.Error, ValueError):
        return f"{point.label()}: assinatura não confere (arquivo alterado ou forjado)"
    return None


def audit(municipality: Municipality, files: Iterable[Checkpoint] = ()) -> AuditReport:
    """Verify the chain, then every recorded checkpoint and every file of this municipality.

    A checkpoint whose last act is no longer stored shows a cut tail or a wiped log, and names
    the range missing: from the first act after the last one stored to the furthest act any
    checkpoint or the chain head still vouches for.
    """
    chain = verify_chain(municipality)
    points = recorded(municipality) + [p for p in files if p.ibge_code == municipality.ibge_code]
    report = AuditReport(municipality, chain, len(points))
    with unscoped():
        stored = Act.objects.filter(municipality=municipality)
        last_stored = stored.aggregate(top=Max("seq"))["top"] or 0
        head = ActChain.objects.filter(municipality=municipality).first()
        valid: list[Checkpoint] = []
        keys: dict[int, str | None] = {}
        for point in points:
            problem = _signature_problem(municipality, point, keys)
            if problem is not None:
                report.problems.append(problem)
            else:
                valid.append(point)
        cut = [p for p in valid if p.last_seq > last_stored]
        if cut:
            furthest = max([p.last_seq for p in cut] + [head.last_seq if head else 0])
            report.missing = (last_stored + 1, furthest)
            vouching = max(cut, key=lambda p: p.last_seq)
            wiped = " (registro de atos vazio: truncado ou apagado)" if last_stored == 0 else ""
            reset = ""
            if head is None or head.last_seq < vouching.last_seq:
                reset = f"; cabeça da cadeia recuada para o ato {head.last_seq if head else 0}"
            report.problems.append(
                f"{missing_range(last_stored + 1, furthest)}{wiped}: o "
                f"{vouching.label()} registrava {vouching.last_seq} atos{reset}"
            )
        hashes = dict(
            stored.filter(seq__in=[p.last_seq for p in valid if p.last_seq <= last_stored])
            .order_by("seq", "id")
            .values_list("seq", "hash")
        )
        for point in valid:
            if point.last_seq in hashes and hashes[point.last_seq] != point.head_hash:
                report.problems.append(
                    f"o ato {point.last_seq} não é o que o {point.label()} assinou: "
                    "registro reescrito até esse ato"
                )
    return report


def unknown_files(files: Iterable[Checkpoint], municipalities: Iterable[Municipality]) -> list[str]:
    codes = {m.ibge_code for m in municipalities}
    return [
        f"{p.source}: município IBGE {p.ibge_code} não verificado"
        for p in files
        if p.ibge_code not in codes
    ]


def describe(report: AuditReport) -> list[str]:
    """The report as the operator reads it, one line each (Portuguese)."""
    slug = report.municipality.slug
    lines = []
    chain = report.chain
    if not chain.ok:
        lines.append(
            f"{slug}: ADULTERADO no ato nº {chain.broken_at}: {chain.problem} "
            f"({chain.checked} atos íntegros antes dele)"
        )
    lines.extend(f"{slug}: ADULTERADO: {problem}" for problem in report.problems)
    if not lines:
        seen = (
            f"; {report.checkpoints} ponto(s) de controle conferido(s)"
            if report.checkpoints
            else ""
        )
        lines.append(f"{slug}: íntegro ({chain.checked} atos verificados{seen})")
    return lines
