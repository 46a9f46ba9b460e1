"""Every API operation has a summary written for its reader, in Portuguese — not the title django-
ninja makes from the function's English name ("Auto Issue")."""

from __future__ import annotations

from outorga.config.api import api


def test_every_operation_has_a_portuguese_summary():
    schema = api.get_openapi_schema()
    generated = []
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            name = op["operationId"].rsplit("_api_", 1)[-1]
            auto = " ".join(w.capitalize() for w in name.split("_"))
            if not op.get("summary") or op["summary"] == auto:
                generated.append(f"{method.upper()} {path}: {op.get('summary')!r}")
    assert not generated, "resumos gerados do nome da função:\n" + "\n".join(generated)
