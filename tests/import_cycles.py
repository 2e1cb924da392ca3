"""Count the import circles in app, rules and widgets: `python tests/import_cycles.py`.

grimp's graph (import-linter's), imports under `if TYPE_CHECKING:` left out and every
other import counted, deferred into a function or not. A circle is a strongly connected
component of more than one module. Exits 0 whatever the count (pyproject.toml's
contracts are the gate); `--quiet` prints the count alone.
"""

from __future__ import annotations

import sys

import grimp


def import_graph() -> dict[str, set[str]]:
    """Each module of the project and the project modules it imports."""
    graph = grimp.build_graph(
        "app", "rules", "widgets", exclude_type_checking_imports=True, cache_dir=None
    )
    return {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module: those reached from a
    module that reach it back."""
    reached: dict[str, set[str]] = {}
    for start in edges:
        seen, todo = set(), [start]
        while todo:
            for module in edges.get(todo.pop(), ()):
                if module not in seen:
                    seen.add(module)
                    todo.append(module)
        reached[start] = seen
    found = {
        tuple(sorted(m for m in seen if s in reached.get(m, ()))) for s, seen in reached.items()
    }
    return sorted(list(circle) for circle in found if len(circle) > 1)


if __name__ == "__main__":
    found = circles(import_graph())
    print(f"import circles: {len(found)}")
    for circle in [] if "--quiet" in sys.argv else found:
        print(f"  {len(circle)} modules: {' '.join(circle)}")
