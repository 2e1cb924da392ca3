"""Count the import circles in the project: `.venv/bin/python bench/import_cycles.py`.

The graph is grimp's (import-linter's graph library) over `app`, `rules` and `widgets`,
with imports under `if TYPE_CHECKING:` left out and every other import counted, at the
top of a module or inside a function alike: an import deferred into a function to get
around a circle is still a circle. A circle is a strongly connected component of more
than one module. Prints the count and the modules of each circle; `--quiet` prints the
count alone. Exits 0 whatever the count (the contracts in pyproject.toml are the gate).
"""

from __future__ import annotations

import sys

import grimp

PACKAGES = ("app", "rules", "widgets")


def import_graph() -> dict[str, set[str]]:
    """Each module of the project and the project modules it imports."""
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True, cache_dir=None)
    return {
        module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, pending = work[-1]
            if pending:
                nxt = pending.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def main(argv: list[str]) -> int:
    found = circles(import_graph())
    print(f"import circles: {len(found)}")
    if "--quiet" not in argv:
        for component in found:
            print(f"  {len(component)} modules: {' '.join(component)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
