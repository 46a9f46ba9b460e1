import datetime as dt
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.law import questions


class Command(BaseCommand):
    help = "Perguntas à lei: list | schema QUESTION | explain QUESTION --facts FILE --on DATA --municipality SLUG"

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True)
        sub.add_parser("list", help="lista as perguntas")
        schema = sub.add_parser("schema", help="esquema JSON dos fatos de uma pergunta")
        schema.add_argument("question")
        explain = sub.add_parser("explain", help="responde uma pergunta com os fundamentos")
        explain.add_argument("question")
        explain.add_argument(
            "--facts", required=True, help="arquivo JSON com os fatos ('-' = stdin)"
        )
        explain.add_argument("--on", required=True, help="data dos fatos, AAAA-MM-DD")
        explain.add_argument("--municipality", required=True, help="slug do município")
        explain.add_argument("--text", action="store_true", help="resposta em texto corrido")

    def handle(self, *args, **opts):
        sub = opts["sub"]
        if sub == "list":
            # The id is namespaced by law; the id used before (still accepted) in brackets.
            for q in questions.registry().values():
                legacy = q.to_json().get("legacy_id")
                self.stdout.write(
                    f"{q.id:52} {q.title}" + (f"  [antes: {legacy}]" if legacy else "")
                )
            return
        try:
            q = questions.get(opts["question"])
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from None
        if sub == "schema":
            self.stdout.write(json.dumps(q.facts_schema, ensure_ascii=False, indent=2))
            return
        try:
            on = dt.date.fromisoformat(opts["on"])
        except ValueError:
            raise CommandError("--on: data inválida, use AAAA-MM-DD") from None
        m = Municipality.objects.filter(slug=opts["municipality"]).first()
        if m is None:
            raise CommandError(f"município desconhecido: {opts['municipality']}")
        raw = sys.stdin.read() if opts["facts"] == "-" else Path(opts["facts"]).read_text("utf-8")
        try:
            facts = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise CommandError(f"--facts: JSON inválido ({exc})") from None
        try:
            decision = questions.ask(q.id, context(m, on), facts)
        except (questions.FactsInvalid, questions.LawNotApplicable) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(decision.to_text() if opts["text"] else decision.to_json_text())
