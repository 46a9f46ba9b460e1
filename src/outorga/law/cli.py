"""``outorga law …`` without the web stack: list, schema and explain with the municipality's data
from a file (``--data``, :mod:`municipal_data`).

``outorga.cli`` sends here every ``law`` command that needs no database; the management command
(``core/management/commands/law.py``) declares the same arguments (:func:`add_arguments`) and runs
the same :func:`explain` with the facts it reads from the records.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Protocol

from . import batch, municipal_data, questions
from .context import Context, MunicipalityFacts
from .parameters import ParameterMissing


class Stream(Protocol):
    """Where the command writes: a text file, or Django's ``OutputWrapper`` around one."""

    def write(self, text: str, /) -> Any: ...

    def isatty(self) -> bool: ...


class UsageError(Exception):
    """A mistake in the command line or its files; the message is Portuguese."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="sub", required=True)
    sub.add_parser("list", help="lista as perguntas")
    schema = sub.add_parser("schema", help="esquema JSON dos fatos de uma pergunta")
    schema.add_argument("question")
    explain = sub.add_parser("explain", help="responde uma pergunta com os fundamentos")
    explain.add_argument("question")
    given = explain.add_mutually_exclusive_group(required=True)
    given.add_argument("--facts", help="arquivo JSON com os fatos ('-' = stdin)")
    given.add_argument(
        "--batch", help="arquivo NDJSON, um conjunto de fatos por linha ('-' = stdin)"
    )
    explain.add_argument("--on", required=True, help="data dos fatos, AAAA-MM-DD")
    where = explain.add_mutually_exclusive_group(required=True)
    where.add_argument("--municipality", help="slug do município (dados do banco)")
    where.add_argument(
        "--data", help="arquivo JSON com os dados do município (outorga law data), sem banco"
    )
    explain.add_argument("--text", action="store_true", help="resposta em texto corrido")
    explain.add_argument("--out", help="--batch: arquivo NDJSON de saída (padrão: a saída padrão)")
    explain.add_argument(
        "--brief",
        action="store_true",
        help="--batch: só o resultado e as regras que recusaram, sem os textos",
    )
    data = sub.add_parser("data", help="dados do município para --data (precisa do banco)")
    data.add_argument("--municipality", required=True, help="slug do município")
    data.add_argument("--out", help="arquivo de saída (padrão: a saída padrão)")


def needs_database(argv: list[str]) -> bool:
    """Whether ``outorga law <argv>`` reads the records: ``data``, and ``explain`` without
    ``--data``. Anything else (and a malformed line, whose usage message needs nothing) runs here."""
    if not argv:
        return False
    return argv[0] == "data" or (argv[0] == "explain" and not _has(argv, "--data"))


def _has(argv: list[str], option: str) -> bool:
    return any(a == option or a.startswith(option + "=") for a in argv)


def list_questions(out: Stream) -> None:
    # The id is namespaced by law; the id used before (still accepted) in brackets.
    for q in questions.registry().values():
        legacy = q.to_json().get("legacy_id")
        out.write(f"{q.id:52} {q.title}" + (f"  [antes: {legacy}]" if legacy else "") + "\n")


def question_of(qid: str) -> questions.Question:
    try:
        return questions.get(qid)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError("--on: data inválida, use AAAA-MM-DD") from None


def explain(
    opts: dict[str, Any],
    facts_of: Callable[[], MunicipalityFacts],
    out: Stream,
    err: Stream,
) -> int:
    """``explain`` for one fact set (``--facts``) or many (``--batch``); the exit status (1 when a
    line of the batch was refused)."""
    q = question_of(opts["question"])
    ctx = Context(facts_of(), day(opts["on"]))
    if opts.get("batch"):
        return _batch(q, ctx, opts, out, err)
    raw = sys.stdin.read() if opts["facts"] == "-" else _read(opts["facts"], "--facts")
    try:
        facts = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--facts: JSON inválido ({exc})") from None
    try:
        decision = questions.ask(q.id, ctx, facts)
    except (questions.FactsInvalid, questions.LawNotApplicable, ParameterMissing) as exc:
        raise UsageError(str(exc)) from None
    out.write((decision.to_text() if opts["text"] else decision.to_json_text()) + "\n")
    return 0


def _read(path: str, option: str) -> str:
    try:
        return Path(path).read_text("utf-8")
    except OSError as exc:
        raise UsageError(f"{option}: não foi possível ler {path} ({exc.strerror})") from None


_OUT_BUFFER = 1 << 20


def _batch(
    q: questions.Question, ctx: Context, opts: dict[str, Any], out: Stream, err: Stream
) -> int:
    if opts["text"]:
        raise UsageError("--text não se aplica a --batch: a saída é NDJSON")
    source = opts["batch"]
    with ExitStack() as files:
        lines: Iterable[str] = sys.stdin
        total = None
        if source != "-":
            try:
                lines = files.enter_context(open(source, encoding="utf-8"))
                with open(source, "rb") as counting:
                    total = sum(1 for _ in counting)
            except OSError as exc:
                raise UsageError(
                    f"--batch: não foi possível ler {source} ({exc.strerror})"
                ) from None
        target: Stream = out
        if opts.get("out"):
            # A full answer is some kilobytes: a large buffer writes them in few system calls.
            target = files.enter_context(
                open(opts["out"], "w", encoding="utf-8", buffering=_OUT_BUFFER)
            )
        refused = 0
        try:
            for a in _progress(
                batch.answer_lines(q.id, ctx, lines, explain=not opts["brief"]), total, err
            ):
                refused += a.decision is None
                target.write(batch.render(a, brief=opts["brief"]) + "\n")
        except questions.LawNotApplicable as exc:
            raise UsageError(str(exc)) from None
    if refused:
        err.write(f"{refused} linha(s) com erro: veja o campo 'error' na saída.\n")
    return 1 if refused else 0


def _progress(answers: Iterator[batch.Answer], total: int | None, err: Stream) -> Iterable[Any]:
    """A progress bar on a terminal (stderr), nothing in a pipe or a log."""
    if not err.isatty():
        return answers
    from tqdm import tqdm

    return tqdm(answers, total=total, file=err, unit=" fatos", desc="decisões")


def data_file(opts: dict[str, Any], facts: MunicipalityFacts, out: Stream) -> None:
    text = json.dumps(municipal_data.to_json(facts), ensure_ascii=False, indent=2) + "\n"
    if opts.get("out"):
        Path(opts["out"]).write_text(text, encoding="utf-8")
    else:
        out.write(text)


def run(opts: dict[str, Any], out: Stream, err: Stream) -> int:
    """Every sub-command that needs no database (``needs_database`` is false)."""
    if opts["sub"] == "list":
        list_questions(out)
        return 0
    if opts["sub"] == "data" or not opts.get("data", True):
        raise UsageError("este comando lê o banco: rode-o como `outorga law …` com o Django")
    q = question_of(opts["question"])
    if opts["sub"] == "schema":
        out.write(json.dumps(q.facts_schema, ensure_ascii=False, indent=2) + "\n")
        return 0

    def from_file() -> MunicipalityFacts:
        try:
            return municipal_data.load(Path(opts["data"]))
        except municipal_data.DataFileInvalid as exc:
            raise UsageError(f"--data: {exc}") from None

    return explain(opts, from_file, out, err)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="outorga law", description="Perguntas à lei")
    add_arguments(parser)
    opts = vars(parser.parse_args(argv))
    try:
        return run(opts, sys.stdout, sys.stderr)
    except UsageError as exc:
        sys.stderr.write(f"erro: {exc}\n")
        return 2
