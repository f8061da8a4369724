"""Graph and tree prompts: directed, weighted, bipartite and multigraphs; trees as edge lists, parent arrays and child lists."""

from __future__ import annotations

import random
from typing import Any

from ..spec import PromptSpec
from ._common import LOWER, _int_in


def _size(r: random.Random, lo: int, hi: int) -> int:
    """A size that is often small, sometimes anywhere, sometimes maximal."""
    regime = r.random()
    if regime < 0.35:
        return r.randint(lo, min(hi, lo + 8))
    if regime < 0.85:
        return r.randint(lo, hi)
    return hi


def _pairs(edges: Any, width: int, lo: int, hi: int, name: str) -> None:
    assert isinstance(edges, list), f"{name} must be a list"
    assert lo <= len(edges) <= hi, f"{name} must have {lo}..{hi} items"
    for e in edges:
        assert isinstance(e, list) and len(e) == width, f"{name} items are lists of {width}"


def _tree_shape(r: random.Random, n: int) -> list[int]:
    """par[v] < v for v in 2..n (par[0] = par[1] = 0), in one of several shapes."""
    shape = r.choice(["random", "deep", "star", "binary"])
    par = [0, 0]
    for v in range(2, n + 1):
        if shape == "random":
            par.append(r.randint(1, v - 1))
        elif shape == "deep":
            par.append(r.randint(max(1, v - 2), v - 1))
        elif shape == "star":
            par.append(r.randint(1, min(3, v - 1)))
        else:
            par.append(v // 2)
    return par


def _tree_edges(r: random.Random, n: int, keep_root: bool = False) -> list[list[int]]:
    """A random tree on 1..n as [u, v] edges, relabelled (vertex 1 kept if keep_root)."""
    par = _tree_shape(r, n)
    rest = list(range(2, n + 1)) if keep_root else list(range(1, n + 1))
    r.shuffle(rest)
    label = [0, 1, *rest] if keep_root else [0, *rest]
    edges = []
    for v in range(2, n + 1):
        a, b = label[par[v]], label[v]
        edges.append([a, b] if r.random() < 0.5 else [b, a])
    r.shuffle(edges)
    return edges


def _check_tree(n: int, edges: Any, width: int) -> None:
    _pairs(edges, width, n - 1, n - 1, "edges")
    parent = list(range(n + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in edges:
        u, v = e[0], e[1]
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        ru, rv = find(u), find(v)
        assert ru != rv, "edges must not form a cycle"
        parent[ru] = rv


def _int_list(values: Any, lo_len: int, hi_len: int, lo: int, hi: int, name: str) -> None:
    assert isinstance(values, list), f"{name} must be a list"
    assert lo_len <= len(values) <= hi_len, f"{name} must have {lo_len}..{hi_len} items"
    for x in values:
        _int_in(x, lo, hi, f"{name}[i]")


def _simple_edges(r: random.Random, n: int, m: int, directed: bool) -> list[list[int]]:
    seen: set[tuple[int, int]] = set()
    edges = []
    while len(edges) < m:
        u, v = r.randint(1, n), r.randint(1, n)
        key = (u, v) if directed else (min(u, v), max(u, v))
        if u == v or key in seen:
            continue
        seen.add(key)
        edges.append([u, v])
    return edges


def _edge_count(r: random.Random, n: int, cap: int) -> int:
    """Sparse (about n) or dense (up to cap) edge counts."""
    if r.random() < 0.5:
        return r.randint(0, min(cap, n + 3))
    return r.randint(0, cap)


# -- generators ----------------------------------------------------------------


def _gen_directed(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    if r.random() < 0.35:
        order = list(range(1, n + 1))
        r.shuffle(order)
        m = _edge_count(r, n, min(300, n * (n - 1) // 2))
        seen: set[tuple[int, int]] = set()
        edges = []
        while len(edges) < m:
            i, j = sorted(r.sample(range(n), 2))
            if (i, j) not in seen:
                seen.add((i, j))
                edges.append([order[i], order[j]])
        return [n, edges]
    return [n, _simple_edges(r, n, _edge_count(r, n, min(300, n * (n - 1))), True)]


def _gen_weighted_source(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    cap = 0 if n == 1 else 300
    hi = r.choice([10, 1000, 10**6])
    edges = []
    for _ in range(_edge_count(r, n, cap)):
        u, v = r.sample(range(1, n + 1), 2)
        edges.append([u, v, r.randint(1, hi)])
    return [n, edges, r.randint(1, n)]


def _gen_signed_pair(r: random.Random) -> list[Any]:
    n = _size(r, 1, 60)
    cap = 0 if n == 1 else 200
    lo, hi = r.choice([(0, 1000), (0, 1000), (-1000, 1000), (-100, 1000), (-10, 10)])
    dag = r.random() < 0.25
    m = r.randint(0, min(cap, 3 * n)) if r.random() < 0.4 else r.randint(min(cap, n), cap)
    edges = []
    for _ in range(m):
        u, v = r.sample(range(1, n + 1), 2)
        if dag and u > v:
            u, v = v, u
        edges.append([u, v, r.randint(lo, hi)])
    s, t = r.randint(1, n), r.randint(1, n)
    return [n, edges, min(s, t), max(s, t)] if dag else [n, edges, s, t]


def _gen_dag_values(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    m = _edge_count(r, n, min(300, n * (n - 1) // 2))
    seen: set[tuple[int, int]] = set()
    edges = []
    while len(edges) < m:
        u, v = sorted(r.sample(range(1, n + 1), 2))
        if r.random() < 0.5 and v - u > 3:
            v = r.randint(u + 1, u + 3)
        if (u, v) not in seen:
            seen.add((u, v))
            edges.append([u, v])
    lo, hi = r.choice([(1, 1000), (-1000, 1000), (-3, 3), (-1000, -1)])
    return [n, edges, [r.randint(lo, hi) for _ in range(n)]]


def _gen_bipartite(r: random.Random) -> list[Any]:
    n, m = _size(r, 1, 50), _size(r, 1, 50)
    cap = min(300, n * m)
    count = r.randint(0, min(cap, max(n, m))) if r.random() < 0.5 else r.randint(0, cap)
    seen: set[tuple[int, int]] = set()
    edges = []
    while len(edges) < count:
        u, v = r.randint(1, n), r.randint(1, m)
        if (u, v) not in seen:
            seen.add((u, v))
            edges.append([u, v])
    return [n, m, edges]


def _gen_multigraph_queries(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    loops = r.choice([0.0, 0.1, 0.4])
    edges = []
    for _ in range(_edge_count(r, n, 300)):
        u = r.randint(1, n)
        v = u if r.random() < loops else r.randint(1, n)
        edges.append([u, v])
        if r.random() < 0.2:
            edges.append([v, u])
    edges = edges[:300]
    queries = []
    for _ in range(r.randint(1, r.choice([5, 100]))):
        if edges and r.random() < 0.3:
            queries.append(list(r.choice(edges)))
        else:
            a = r.randint(1, n)
            queries.append([a, a if r.random() < 0.1 else r.randint(1, n)])
    return [n, edges, queries]


def _gen_marked(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    edges = _simple_edges(r, n, _edge_count(r, n, min(300, n * (n - 1) // 2)), False)
    p = r.choice([0.0, 0.1, 0.5, 0.9, 1.0])
    return [n, edges, "".join("1" if r.random() < p else "0" for _ in range(n))]


def _gen_parent_array(r: random.Random) -> list[Any]:
    n = _size(r, 1, 200)
    par = _tree_shape(r, n)
    perm = list(range(1, n + 1))
    r.shuffle(perm)
    label = [0, *perm]
    parents = [0] * n
    for v in range(2, n + 1):
        parents[label[v] - 1] = label[par[v]]
    return [parents]


def _gen_weighted_tree(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    hi = r.choice([1, 10, 10**9])
    return [n, [[u, v, r.randint(1, hi)] for u, v in _tree_edges(r, n)]]


def _gen_rooted_values(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    lo, hi = r.choice([(1, 10**4), (-(10**4), 10**4), (-2, 2), (-(10**4), 5)])
    return [[r.randint(lo, hi) for _ in range(n)], _tree_edges(r, n, keep_root=True)]


def _gen_letter_tree(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    alphabet = r.choice(["ab", "abc", LOWER])
    s = "".join(r.choice(alphabet) for _ in range(n))
    return [s, _tree_edges(r, n, keep_root=True)]


def _gen_binary_tree(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    shape = r.choice(["random", "chain", "complete", "bst"])
    left, right = [0] * (n + 1), [0] * (n + 1)
    slots = [(1, 0), (1, 1)]
    keys = r.sample(range(10**6), n)
    for v in range(2, n + 1):
        if shape == "random":
            i = r.randrange(len(slots))
            slots[i], slots[-1] = slots[-1], slots[i]
            x, side = slots.pop()
            slots.extend([(v, 0), (v, 1)])
        elif shape == "chain":
            x, side = v - 1, r.randint(0, 1)
        elif shape == "complete":
            x, side = v // 2, v % 2
        else:
            x = 1
            while True:
                side = 0 if keys[v - 1] < keys[x - 1] else 1
                nxt = left[x] if side == 0 else right[x]
                if nxt == 0:
                    break
                x = nxt
        if side == 0:
            left[x] = v
        else:
            right[x] = v
    perm = list(range(2, n + 1))
    r.shuffle(perm)
    label = [0, 1, *perm]
    children = [[0, 0] for _ in range(n)]
    for v in range(1, n + 1):
        children[label[v] - 1] = [label[left[v]], label[right[v]]]
    return [children]


def _gen_ancestor_queries(r: random.Random) -> list[Any]:
    n = _size(r, 1, 100)
    par = _tree_shape(r, n)
    kmax = r.choice([min(3, n), n])
    queries = [
        [r.randint(1, n), r.randint(0, kmax)] for _ in range(r.randint(1, r.choice([5, 100])))
    ]
    return [par[2:], queries]


# -- validators ----------------------------------------------------------------


def v_directed(n: Any, edges: Any) -> None:
    _int_in(n, 1, 100, "n")
    _pairs(edges, 2, 0, 300, "edges")
    seen = set()
    for u, v in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u != v, "no self-loops"
        assert (u, v) not in seen, "no repeated arcs"
        seen.add((u, v))


def v_weighted_source(n: Any, edges: Any, s: Any) -> None:
    _int_in(n, 1, 100, "n")
    _pairs(edges, 3, 0, 300, "edges")
    for u, v, w in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u != v, "no self-loops"
        _int_in(w, 1, 10**6, "w")
    _int_in(s, 1, n, "s")


def v_signed_pair(n: Any, edges: Any, s: Any, t: Any) -> None:
    _int_in(n, 1, 60, "n")
    _pairs(edges, 3, 0, 200, "edges")
    for u, v, w in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u != v, "no self-loops"
        _int_in(w, -1000, 1000, "w")
    _int_in(s, 1, n, "s")
    _int_in(t, 1, n, "t")


def v_dag_values(n: Any, edges: Any, values: Any) -> None:
    _int_in(n, 1, 100, "n")
    _pairs(edges, 2, 0, 300, "edges")
    seen = set()
    for u, v in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u < v, "arcs go from a smaller to a larger number"
        assert (u, v) not in seen, "no repeated arcs"
        seen.add((u, v))
    _int_list(values, n, n, -1000, 1000, "values")


def v_bipartite(n: Any, m: Any, edges: Any) -> None:
    _int_in(n, 1, 50, "n")
    _int_in(m, 1, 50, "m")
    _pairs(edges, 2, 0, 300, "edges")
    seen = set()
    for u, v in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, m, "v")
        assert (u, v) not in seen, "no repeated edges"
        seen.add((u, v))


def v_multigraph_queries(n: Any, edges: Any, queries: Any) -> None:
    _int_in(n, 1, 100, "n")
    _pairs(edges, 2, 0, 300, "edges")
    for u, v in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
    _pairs(queries, 2, 1, 100, "queries")
    for a, b in queries:
        _int_in(a, 1, n, "a")
        _int_in(b, 1, n, "b")


def v_marked(n: Any, edges: Any, s: Any) -> None:
    _int_in(n, 1, 100, "n")
    _pairs(edges, 2, 0, 300, "edges")
    seen = set()
    for u, v in edges:
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u != v, "no self-loops"
        key = (min(u, v), max(u, v))
        assert key not in seen, "no repeated edges"
        seen.add(key)
    assert isinstance(s, str) and len(s) == n, "s must be a string of length n"
    assert set(s) <= {"0", "1"}, "s must be made of '0' and '1'"


def v_parent_array(parents: Any) -> None:
    _int_list(parents, 1, 200, 0, 200, "parents")
    n = len(parents)
    assert parents.count(0) == 1, "exactly one root (entry 0)"
    for i, p in enumerate(parents, 1):
        assert p <= n, f"parent {p} outside [0, {n}]"
        assert p != i, "a vertex is not its own parent"
    for v in range(1, n + 1):
        steps = 0
        while parents[v - 1] != 0:
            v = parents[v - 1]
            steps += 1
            assert steps <= n, "parents must not form a cycle"


def v_weighted_tree(n: Any, edges: Any) -> None:
    _int_in(n, 1, 100, "n")
    _check_tree(n, edges, 3)
    for e in edges:
        _int_in(e[2], 1, 10**9, "w")


def v_rooted_values(values: Any, edges: Any) -> None:
    _int_list(values, 1, 100, -(10**4), 10**4, "values")
    _check_tree(len(values), edges, 2)


def v_letter_tree(s: Any, edges: Any) -> None:
    assert isinstance(s, str) and 1 <= len(s) <= 100, "s must be a string of length 1..100"
    assert all(c in LOWER for c in s), "s has a character that is not a lowercase letter"
    _check_tree(len(s), edges, 2)


def v_binary_tree(children: Any) -> None:
    _pairs(children, 2, 1, 100, "children")
    n = len(children)
    seen = set()
    for pair in children:
        for c in pair:
            _int_in(c, 0, n, "child")
            if c:
                assert c != 1, "node 1 is the root"
                assert c not in seen, "every node has at most one parent"
                seen.add(c)
    reached = {1}
    stack = [1]
    while stack:
        x = stack.pop()
        for c in children[x - 1]:
            if c and c not in reached:
                reached.add(c)
                stack.append(c)
    assert len(reached) == n, "every node must be reachable from node 1"


def v_ancestor_queries(parents: Any, queries: Any) -> None:
    _int_list(parents, 0, 99, 1, 100, "parents")
    for i, p in enumerate(parents):
        assert p <= i + 1, f"parents[{i}]={p} must be at most {i + 1}"
    n = len(parents) + 1
    _pairs(queries, 2, 1, 100, "queries")
    for v, k in queries:
        _int_in(v, 1, n, "v")
        _int_in(k, 0, n, "k")


PROMPTS = [
    PromptSpec(
        id="graph-directed",
        kind="graph",
        input_description=(
            "A directed graph with n vertices numbered 1..n, 1 <= n <= 100, and M arcs, "
            "0 <= M <= 300, given as a list edges of [u, v] pairs, each an arc from u to v with "
            "1 <= u, v <= n and u != v. No ordered pair appears twice, but [u, v] and [v, u] may "
            "both appear."
        ),
        example_input="n = 4, edges = [[1, 2], [2, 3], [3, 1], [3, 4]]",
        signature="def f(n: int, edges: list[list[int]]):",
        edge=[
            [1, []],
            [2, [[1, 2]]],
            [2, [[1, 2], [2, 1]]],
            [3, [[1, 2], [2, 3], [3, 1]]],
            [4, [[2, 1], [3, 1], [4, 1]]],
            [5, [[1, 2], [2, 3], [3, 4], [4, 5]]],
            [100, []],
            [3, [[2, 3]]],
        ],
        gen=_gen_directed,
        validate=v_directed,
        refs=[
            "def f(n, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    radj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        radj[v].append(u)\n"
            "    seen = [False] * (n + 1)\n"
            "    order = []\n"
            "    for s in range(1, n + 1):\n"
            "        if seen[s]:\n"
            "            continue\n"
            "        seen[s] = True\n"
            "        stack = [(s, 0)]\n"
            "        while stack:\n"
            "            x, i = stack.pop()\n"
            "            if i < len(adj[x]):\n"
            "                stack.append((x, i + 1))\n"
            "                y = adj[x][i]\n"
            "                if not seen[y]:\n"
            "                    seen[y] = True\n"
            "                    stack.append((y, 0))\n"
            "            else:\n"
            "                order.append(x)\n"
            "    comp = [0] * (n + 1)\n"
            "    count = 0\n"
            "    for s in reversed(order):\n"
            "        if comp[s]:\n"
            "            continue\n"
            "        count += 1\n"
            "        comp[s] = count\n"
            "        stack = [s]\n"
            "        while stack:\n"
            "            x = stack.pop()\n"
            "            for y in radj[x]:\n"
            "                if not comp[y]:\n"
            "                    comp[y] = count\n"
            "                    stack.append(y)\n"
            "    return count\n",
            "def f(n, edges):\n"
            "    indeg = [0] * (n + 1)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        indeg[v] += 1\n"
            "    queue = [v for v in range(1, n + 1) if indeg[v] == 0]\n"
            "    done = 0\n"
            "    while queue:\n"
            "        x = queue.pop()\n"
            "        done += 1\n"
            "        for y in adj[x]:\n"
            "            indeg[y] -= 1\n"
            "            if indeg[y] == 0:\n"
            "                queue.append(y)\n"
            "    return done == n\n",
            "def f(n, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "    seen = {1}\n"
            "    stack = [1]\n"
            "    while stack:\n"
            "        x = stack.pop()\n"
            "        for y in adj[x]:\n"
            "            if y not in seen:\n"
            "                seen.add(y)\n"
            "                stack.append(y)\n"
            "    return len(seen)\n",
            "def f(n, edges):\n"
            "    out = [0] * n\n"
            "    for u, _ in edges:\n"
            "        out[u - 1] += 1\n"
            "    return out\n",
        ],
    ),
    PromptSpec(
        id="graph-weighted-source",
        kind="graph",
        input_description=(
            "An undirected weighted graph with n vertices numbered 1..n, 1 <= n <= 100, and M "
            "edges, 0 <= M <= 300, given as a list edges of [u, v, w] triples: an edge between u "
            "and v of weight w, with 1 <= u, v <= n, u != v and 1 <= w <= 10^6. Several edges may "
            "join the same two vertices. A vertex s with 1 <= s <= n."
        ),
        example_input="n = 4, edges = [[1, 2, 5], [2, 3, 1], [1, 3, 9]], s = 1",
        signature="def f(n: int, edges: list[list[int]], s: int):",
        edge=[
            [1, [], 1],
            [2, [[1, 2, 5]], 2],
            [2, [[1, 2, 5], [2, 1, 3]], 1],
            [3, [[1, 2, 1000000], [2, 3, 1000000], [1, 3, 1]], 1],
            [4, [[1, 2, 1], [3, 4, 1]], 3],
            [5, [[1, 2, 7], [1, 3, 7], [1, 4, 7], [1, 5, 7]], 5],
            [100, [], 50],
        ],
        gen=_gen_weighted_source,
        validate=v_weighted_source,
        refs=[
            "import heapq\n\n"
            "def f(n, edges, s):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, w in edges:\n"
            "        adj[u].append((v, w))\n"
            "        adj[v].append((u, w))\n"
            "    dist = [-1] * (n + 1)\n"
            "    heap = [(0, s)]\n"
            "    while heap:\n"
            "        d, x = heapq.heappop(heap)\n"
            "        if dist[x] != -1:\n"
            "            continue\n"
            "        dist[x] = d\n"
            "        for y, w in adj[x]:\n"
            "            if dist[y] == -1:\n"
            "                heapq.heappush(heap, (d + w, y))\n"
            "    return dist[1:]\n",
            "def f(n, edges, s):\n"
            "    parent = list(range(n + 1))\n"
            "    def find(x):\n"
            "        while parent[x] != x:\n"
            "            parent[x] = parent[parent[x]]\n"
            "            x = parent[x]\n"
            "        return x\n"
            "    total = 0\n"
            "    for u, v, w in sorted(edges, key=lambda e: e[2]):\n"
            "        a, b = find(u), find(v)\n"
            "        if a != b:\n"
            "            parent[a] = b\n"
            "            total += w\n"
            "    return total\n",
            "def f(n, edges, s):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, _ in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    seen = {s}\n"
            "    stack = [s]\n"
            "    while stack:\n"
            "        x = stack.pop()\n"
            "        for y in adj[x]:\n"
            "            if y not in seen:\n"
            "                seen.add(y)\n"
            "                stack.append(y)\n"
            "    return len(seen)\n",
            "def f(n, edges, s):\n    return sum(w for u, v, w in edges if s in (u, v))\n",
        ],
    ),
    PromptSpec(
        id="graph-signed-weights-pair",
        kind="graph",
        input_description=(
            "A directed graph with n vertices numbered 1..n, 1 <= n <= 60, and M arcs, "
            "0 <= M <= 200, given as a list edges of [u, v, w] triples: an arc from u to v of "
            "weight w, with 1 <= u, v <= n, u != v and -1000 <= w <= 1000. Weights may be "
            "negative or zero, and several arcs may join the same ordered pair. Two vertices s "
            "and t with 1 <= s, t <= n (s may equal t)."
        ),
        example_input="n = 3, edges = [[1, 2, 4], [2, 3, -2], [1, 3, 3]], s = 1, t = 3",
        signature="def f(n: int, edges: list[list[int]], s: int, t: int):",
        edge=[
            [1, [], 1, 1],
            [2, [[1, 2, -5]], 1, 2],
            [2, [[1, 2, -5]], 2, 1],
            [2, [[1, 2, 3], [2, 1, -4]], 1, 2],
            [3, [[1, 2, 0], [2, 3, 0], [1, 3, 0]], 1, 3],
            [3, [[1, 2, 1000], [2, 3, 1000], [3, 1, -1000]], 3, 3],
            [60, [], 1, 60],
        ],
        gen=_gen_signed_pair,
        validate=v_signed_pair,
        refs=[
            "def f(n, edges, s, t):\n"
            "    inf = float('inf')\n"
            "    dist = [inf] * (n + 1)\n"
            "    dist[s] = 0\n"
            "    for _ in range(n - 1):\n"
            "        changed = False\n"
            "        for u, v, w in edges:\n"
            "            if dist[u] + w < dist[v]:\n"
            "                dist[v] = dist[u] + w\n"
            "                changed = True\n"
            "        if not changed:\n"
            "            break\n"
            "    for u, v, w in edges:\n"
            "        if dist[u] + w < dist[v]:\n"
            "            return 'negative cycle'\n"
            "    if dist[t] == inf:\n"
            "        return 'unreachable'\n"
            "    return dist[t]\n",
            "def f(n, edges, s, t):\n"
            "    dist = [0] * (n + 1)\n"
            "    for _ in range(n):\n"
            "        changed = False\n"
            "        for u, v, w in edges:\n"
            "            if dist[u] + w < dist[v]:\n"
            "                dist[v] = dist[u] + w\n"
            "                changed = True\n"
            "        if not changed:\n"
            "            return False\n"
            "    return True\n",
            "def f(n, edges, s, t):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, _ in edges:\n"
            "        adj[u].append(v)\n"
            "    seen = {s}\n"
            "    stack = [s]\n"
            "    while stack:\n"
            "        x = stack.pop()\n"
            "        for y in adj[x]:\n"
            "            if y not in seen:\n"
            "                seen.add(y)\n"
            "                stack.append(y)\n"
            "    return t in seen\n",
            "def f(n, edges, s, t):\n    return sum(w for u, v, w in edges if u == s)\n",
        ],
    ),
    PromptSpec(
        id="graph-dag-vertex-values",
        kind="graph",
        input_description=(
            "A directed graph with n vertices numbered 1..n, 1 <= n <= 100, and M arcs, "
            "0 <= M <= 300, given as a list edges of [u, v] pairs, each an arc from u to v with "
            "1 <= u < v <= n; no pair appears twice. A list values of n integers, "
            "-1000 <= values[i] <= 1000, where values[i] belongs to vertex i + 1."
        ),
        example_input="n = 4, edges = [[1, 2], [1, 3], [2, 4], [3, 4]], values = [2, -1, 5, 3]",
        signature="def f(n: int, edges: list[list[int]], values: list[int]):",
        edge=[
            [1, [], [0]],
            [1, [], [-1000]],
            [2, [[1, 2]], [5, -3]],
            [3, [[1, 2], [2, 3], [1, 3]], [1000, 1000, 1000]],
            [4, [], [1, 2, 3, 4]],
            [5, [[1, 5], [2, 5], [3, 5], [4, 5]], [-1, -2, -3, -4, -5]],
            [4, [[1, 2], [1, 3], [2, 4], [3, 4]], [4, 3, 2, 1]],
        ],
        gen=_gen_dag_values,
        validate=v_dag_values,
        refs=[
            "def f(n, edges, values):\n"
            "    best = values[:]\n"
            "    preds = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        preds[v].append(u)\n"
            "    for v in range(1, n + 1):\n"
            "        for u in preds[v]:\n"
            "            best[v - 1] = max(best[v - 1], best[u - 1] + values[v - 1])\n"
            "    return max(best)\n",
            "def f(n, edges, values):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "    ways = [0] * (n + 1)\n"
            "    ways[1] = 1\n"
            "    for u in range(1, n + 1):\n"
            "        for v in adj[u]:\n"
            "            ways[v] = (ways[v] + ways[u]) % 1000000007\n"
            "    return ways[n]\n",
            "def f(n, edges, values):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "    seen = {1}\n"
            "    stack = [1]\n"
            "    while stack:\n"
            "        x = stack.pop()\n"
            "        for y in adj[x]:\n"
            "            if y not in seen:\n"
            "                seen.add(y)\n"
            "                stack.append(y)\n"
            "    return sum(values[v - 1] for v in seen)\n",
            "def f(n, edges, values):\n"
            "    has_in = set(v for _, v in edges)\n"
            "    return n - len(has_in)\n",
        ],
    ),
    PromptSpec(
        id="graph-bipartite",
        kind="graph",
        input_description=(
            "A bipartite graph with n left vertices numbered 1..n and m right vertices numbered "
            "1..m, 1 <= n, m <= 50, and E edges, 0 <= E <= 300, given as a list edges of [u, v] "
            "pairs, each joining left vertex u to right vertex v, with 1 <= u <= n and "
            "1 <= v <= m; no pair appears twice."
        ),
        example_input="n = 3, m = 2, edges = [[1, 1], [2, 1], [3, 2]]",
        signature="def f(n: int, m: int, edges: list[list[int]]):",
        edge=[
            [1, 1, []],
            [1, 1, [[1, 1]]],
            [1, 50, [[1, v] for v in range(1, 51)]],
            [50, 1, [[u, 1] for u in range(50, 0, -1)]],
            [2, 2, [[1, 1], [1, 2], [2, 1], [2, 2]]],
            [3, 2, [[1, 1], [2, 1], [3, 2]]],
            [50, 50, []],
        ],
        gen=_gen_bipartite,
        validate=v_bipartite,
        refs=[
            "def f(n, m, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "    match = [0] * (m + 1)\n"
            "    def augment(u, seen):\n"
            "        for v in adj[u]:\n"
            "            if v not in seen:\n"
            "                seen.add(v)\n"
            "                if match[v] == 0 or augment(match[v], seen):\n"
            "                    match[v] = u\n"
            "                    return True\n"
            "        return False\n"
            "    return sum(1 for u in range(1, n + 1) if augment(u, set()))\n",
            "def f(n, m, edges):\n"
            "    parent = list(range(n + m + 1))\n"
            "    def find(x):\n"
            "        while parent[x] != x:\n"
            "            parent[x] = parent[parent[x]]\n"
            "            x = parent[x]\n"
            "        return x\n"
            "    for u, v in edges:\n"
            "        parent[find(u)] = find(n + v)\n"
            "    return len({find(x) for x in range(1, n + m + 1)})\n",
            "def f(n, m, edges):\n"
            "    left = set(u for u, _ in edges)\n"
            "    right = set(v for _, v in edges)\n"
            "    return (n - len(left)) + (m - len(right))\n",
            "def f(n, m, edges):\n"
            "    deg = [0] * (m + 1)\n"
            "    for _, v in edges:\n"
            "        deg[v] += 1\n"
            "    return max(deg)\n",
        ],
    ),
    PromptSpec(
        id="graph-multigraph-queries",
        kind="graph",
        input_description=(
            "An undirected graph with n vertices numbered 1..n, 1 <= n <= 100, and M edges, "
            "0 <= M <= 300, given as a list edges of [u, v] pairs with 1 <= u, v <= n; self-loops "
            "(u = v) and repeated edges are allowed. A list queries of Q pairs [a, b], "
            "1 <= Q <= 100, with 1 <= a, b <= n (a may equal b)."
        ),
        example_input="n = 5, edges = [[1, 2], [2, 2], [2, 1], [3, 4]], queries = [[1, 2], [1, 4], [5, 5]]",
        signature="def f(n: int, edges: list[list[int]], queries: list[list[int]]):",
        edge=[
            [1, [], [[1, 1]]],
            [1, [[1, 1]], [[1, 1]]],
            [2, [[1, 2], [2, 1], [1, 2]], [[1, 2], [2, 1], [2, 2]]],
            [3, [[1, 2], [2, 3]], [[1, 3], [3, 1], [1, 1]]],
            [4, [[1, 1], [2, 2], [3, 3], [4, 4]], [[1, 2], [3, 3]]],
            [100, [], [[1, 100], [100, 100]]],
            [4, [[4, 3]], [[3, 4]]],
        ],
        gen=_gen_multigraph_queries,
        validate=v_multigraph_queries,
        refs=[
            "def f(n, edges, queries):\n"
            "    parent = list(range(n + 1))\n"
            "    def find(x):\n"
            "        while parent[x] != x:\n"
            "            parent[x] = parent[parent[x]]\n"
            "            x = parent[x]\n"
            "        return x\n"
            "    for u, v in edges:\n"
            "        parent[find(u)] = find(v)\n"
            "    return [find(a) == find(b) for a, b in queries]\n",
            "from collections import deque\n\n"
            "def f(n, edges, queries):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    out = []\n"
            "    for a, b in queries:\n"
            "        dist = [-1] * (n + 1)\n"
            "        dist[a] = 0\n"
            "        queue = deque([a])\n"
            "        while queue:\n"
            "            x = queue.popleft()\n"
            "            for y in adj[x]:\n"
            "                if dist[y] == -1:\n"
            "                    dist[y] = dist[x] + 1\n"
            "                    queue.append(y)\n"
            "        out.append(dist[b])\n"
            "    return out\n",
            "def f(n, edges, queries):\n"
            "    pairs = set((min(u, v), max(u, v)) for u, v in edges)\n"
            "    return sum(1 for a, b in queries if (min(a, b), max(a, b)) in pairs)\n",
            "def f(n, edges, queries):\n"
            "    deg = [0] * (n + 1)\n"
            "    for u, v in edges:\n"
            "        deg[u] += 1\n"
            "        deg[v] += 1\n"
            "    return [deg[a] + deg[b] for a, b in queries]\n",
        ],
    ),
    PromptSpec(
        id="graph-marked-vertices",
        kind="graph",
        input_description=(
            "An undirected simple graph with n vertices numbered 1..n, 1 <= n <= 100, and M "
            "edges, 0 <= M <= 300, given as a list edges of [u, v] pairs with 1 <= u, v <= n, "
            "u != v and no edge repeated in either orientation. A string s of length n made of "
            "the characters '0' and '1'; s[i] belongs to vertex i + 1."
        ),
        example_input='n = 5, edges = [[1, 2], [2, 3], [4, 5]], s = "00101"',
        signature="def f(n: int, edges: list[list[int]], s: str):",
        edge=[
            [1, [], "0"],
            [1, [], "1"],
            [2, [[1, 2]], "01"],
            [3, [[1, 2], [2, 3], [1, 3]], "111"],
            [4, [[1, 2], [3, 4]], "0001"],
            [5, [[1, 2], [2, 3], [3, 4], [4, 5]], "00000"],
            [100, [], "1" * 100],
            [4, [[1, 4], [2, 4], [3, 4]], "1110"],
        ],
        gen=_gen_marked,
        validate=v_marked,
        refs=[
            "def f(n, edges, s):\n"
            "    parent = list(range(n + 1))\n"
            "    def find(x):\n"
            "        while parent[x] != x:\n"
            "            parent[x] = parent[parent[x]]\n"
            "            x = parent[x]\n"
            "        return x\n"
            "    for u, v in edges:\n"
            "        parent[find(u)] = find(v)\n"
            "    return len({find(v) for v in range(1, n + 1) if s[v - 1] == '1'})\n",
            "from collections import deque\n\n"
            "def f(n, edges, s):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    dist = [-1] * (n + 1)\n"
            "    dist[1] = 0\n"
            "    queue = deque([1])\n"
            "    while queue:\n"
            "        x = queue.popleft()\n"
            "        if s[x - 1] == '1':\n"
            "            return dist[x]\n"
            "        for y in adj[x]:\n"
            "            if dist[y] == -1:\n"
            "                dist[y] = dist[x] + 1\n"
            "                queue.append(y)\n"
            "    return -1\n",
            "def f(n, edges, s):\n    return sum(1 for u, v in edges if s[u - 1] != s[v - 1])\n",
            "def f(n, edges, s):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        if s[u - 1] == '1' and s[v - 1] == '1':\n"
            "            adj[u].append(v)\n"
            "            adj[v].append(u)\n"
            "    seen = [False] * (n + 1)\n"
            "    best = 0\n"
            "    for start in range(1, n + 1):\n"
            "        if s[start - 1] != '1' or seen[start]:\n"
            "            continue\n"
            "        seen[start] = True\n"
            "        stack = [start]\n"
            "        size = 0\n"
            "        while stack:\n"
            "            x = stack.pop()\n"
            "            size += 1\n"
            "            for y in adj[x]:\n"
            "                if not seen[y]:\n"
            "                    seen[y] = True\n"
            "                    stack.append(y)\n"
            "        best = max(best, size)\n"
            "    return best\n",
        ],
    ),
    PromptSpec(
        id="tree-parent-array",
        kind="tree",
        input_description=(
            "A rooted tree with n vertices numbered 1..n, 1 <= n <= 200, given as a list parents "
            "of n integers: parents[i] is the parent of vertex i + 1, except for exactly one "
            "vertex, the root, whose entry is 0. Every other entry is between 1 and n, no vertex "
            "is its own parent, and following parents from any vertex reaches the root. The root "
            "need not be vertex 1."
        ),
        example_input="parents = [3, 3, 0, 1, 1]",
        signature="def f(parents: list[int]):",
        edge=[
            [[0]],
            [[0, 1]],
            [[2, 0]],
            [[0, 1, 2, 3, 4]],
            [[0, 1, 1, 1, 1]],
            [[2, 3, 4, 5, 0]],
            [[0] + [1] * 199],
            [list(range(200))],
        ],
        gen=_gen_parent_array,
        validate=v_parent_array,
        refs=[
            "def f(parents):\n"
            "    n = len(parents)\n"
            "    children = [[] for _ in range(n + 1)]\n"
            "    root = 0\n"
            "    for v, p in enumerate(parents, 1):\n"
            "        if p == 0:\n"
            "            root = v\n"
            "        else:\n"
            "            children[p].append(v)\n"
            "    best = 0\n"
            "    stack = [(root, 0)]\n"
            "    while stack:\n"
            "        x, d = stack.pop()\n"
            "        best = max(best, d)\n"
            "        for y in children[x]:\n"
            "            stack.append((y, d + 1))\n"
            "    return best\n",
            "def f(parents):\n    return len(parents) - len(set(p for p in parents if p))\n",
            "def f(parents):\n"
            "    n = len(parents)\n"
            "    children = [[] for _ in range(n + 1)]\n"
            "    root = 0\n"
            "    for v, p in enumerate(parents, 1):\n"
            "        if p == 0:\n"
            "            root = v\n"
            "        else:\n"
            "            children[p].append(v)\n"
            "    order = [root]\n"
            "    for x in order:\n"
            "        order.extend(children[x])\n"
            "    size = [1] * (n + 1)\n"
            "    for x in reversed(order):\n"
            "        if parents[x - 1]:\n"
            "            size[parents[x - 1]] += size[x]\n"
            "    return size[1:]\n",
            "def f(parents):\n"
            "    count = [0] * (len(parents) + 1)\n"
            "    for p in parents:\n"
            "        count[p] += 1\n"
            "    return max(count[1:])\n",
        ],
    ),
    PromptSpec(
        id="tree-weighted-edges",
        kind="tree",
        input_description=(
            "A tree with n vertices numbered 1..n, 1 <= n <= 100, given as a list edges of "
            "n - 1 triples [u, v, w]: an edge between u and v of weight w, with "
            "1 <= w <= 10^9. The list is empty when n = 1."
        ),
        example_input="n = 4, edges = [[1, 2, 3], [2, 3, 4], [2, 4, 1]]",
        signature="def f(n: int, edges: list[list[int]]):",
        edge=[
            [1, []],
            [2, [[1, 2, 1]]],
            [2, [[2, 1, 10**9]]],
            [3, [[1, 2, 5], [2, 3, 5]]],
            [4, [[1, 2, 1], [1, 3, 2], [1, 4, 3]]],
            [5, [[5, 4, 9], [4, 3, 7], [3, 2, 5], [2, 1, 3]]],
            [100, [[v, v + 1, 10**9] for v in range(1, 100)]],
        ],
        gen=_gen_weighted_tree,
        validate=v_weighted_tree,
        refs=[
            "def f(n, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, w in edges:\n"
            "        adj[u].append((v, w))\n"
            "        adj[v].append((u, w))\n"
            "    def far(src):\n"
            "        dist = [-1] * (n + 1)\n"
            "        dist[src] = 0\n"
            "        stack = [src]\n"
            "        while stack:\n"
            "            x = stack.pop()\n"
            "            for y, w in adj[x]:\n"
            "                if dist[y] == -1:\n"
            "                    dist[y] = dist[x] + w\n"
            "                    stack.append(y)\n"
            "        best = max(range(1, n + 1), key=lambda v: dist[v])\n"
            "        return best, dist[best]\n"
            "    a, _ = far(1)\n"
            "    return far(a)[1]\n",
            "def f(n, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, w in edges:\n"
            "        adj[u].append((v, w))\n"
            "        adj[v].append((u, w))\n"
            "    parent = [0] * (n + 1)\n"
            "    up = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    parent[1] = -1\n"
            "    for x in order:\n"
            "        for y, w in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                up[y] = w\n"
            "                order.append(y)\n"
            "    size = [1] * (n + 1)\n"
            "    total = 0\n"
            "    for x in reversed(order[1:]):\n"
            "        size[parent[x]] += size[x]\n"
            "        total += up[x] * size[x] * (n - size[x])\n"
            "    return total\n",
            "def f(n, edges):\n    return max([w for _, _, w in edges], default=0)\n",
            "def f(n, edges):\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v, w in edges:\n"
            "        adj[u].append((v, w))\n"
            "        adj[v].append((u, w))\n"
            "    dist = [-1] * (n + 1)\n"
            "    dist[1] = 0\n"
            "    stack = [1]\n"
            "    while stack:\n"
            "        x = stack.pop()\n"
            "        for y, w in adj[x]:\n"
            "            if dist[y] == -1:\n"
            "                dist[y] = dist[x] + w\n"
            "                stack.append(y)\n"
            "    return dist[1:]\n",
        ],
    ),
    PromptSpec(
        id="tree-rooted-values",
        kind="tree",
        input_description=(
            "A tree rooted at vertex 1 with n vertices numbered 1..n, 1 <= n <= 100. A list "
            "values of n integers, -10^4 <= values[i] <= 10^4, where values[i] belongs to vertex "
            "i + 1, and a list edges of n - 1 pairs [u, v], each joining vertices u and v "
            "(empty when n = 1)."
        ),
        example_input="values = [3, -2, 5, 1], edges = [[1, 2], [1, 3], [3, 4]]",
        signature="def f(values: list[int], edges: list[list[int]]):",
        edge=[
            [[5], []],
            [[-10000], []],
            [[1, 2], [[1, 2]]],
            [[-1, -2, -3], [[1, 2], [1, 3]]],
            [[10000] * 5, [[1, 2], [2, 3], [3, 4], [4, 5]]],
            [[3, 1, 4, 1, 5], [[2, 1], [3, 1], [4, 3], [5, 3]]],
            [[0, 0, 0, 0], [[1, 2], [1, 3], [1, 4]]],
        ],
        gen=_gen_rooted_values,
        validate=v_rooted_values,
        refs=[
            "def f(values, edges):\n"
            "    n = len(values)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    parent = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        for y in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                order.append(y)\n"
            "    total = [0] + values[:]\n"
            "    for x in reversed(order[1:]):\n"
            "        total[parent[x]] += total[x]\n"
            "    return max(total[1:])\n",
            "def f(values, edges):\n"
            "    n = len(values)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    best = None\n"
            "    stack = [(1, 0, values[0])]\n"
            "    while stack:\n"
            "        x, p, acc = stack.pop()\n"
            "        kids = [y for y in adj[x] if y != p]\n"
            "        if not kids and (best is None or acc > best):\n"
            "            best = acc\n"
            "        for y in kids:\n"
            "            stack.append((y, x, acc + values[y - 1]))\n"
            "    return best\n",
            "def f(values, edges):\n"
            "    n = len(values)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    parent = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        for y in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                order.append(y)\n"
            "    take = [0] * (n + 1)\n"
            "    skip = [0] * (n + 1)\n"
            "    for x in reversed(order):\n"
            "        take[x] += values[x - 1]\n"
            "        p = parent[x]\n"
            "        if p:\n"
            "            take[p] += skip[x]\n"
            "            skip[p] += max(take[x], skip[x])\n"
            "    return max(take[1], skip[1])\n",
            "def f(values, edges):\n"
            "    n = len(values)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    count = 0\n"
            "    stack = [(1, 0, None)]\n"
            "    while stack:\n"
            "        x, p, top = stack.pop()\n"
            "        if top is None or values[x - 1] > top:\n"
            "            count += 1\n"
            "            top = values[x - 1]\n"
            "        for y in adj[x]:\n"
            "            if y != p:\n"
            "                stack.append((y, x, top))\n"
            "    return count\n",
        ],
    ),
    PromptSpec(
        id="tree-letter-labels",
        kind="tree",
        input_description=(
            "A tree rooted at vertex 1 with n vertices numbered 1..n, 1 <= n <= 100. A string s "
            "of length n made of lowercase English letters, where s[i] is the letter on vertex "
            "i + 1, and a list edges of n - 1 pairs [u, v], each joining vertices u and v "
            "(empty when n = 1)."
        ),
        example_input='s = "abaca", edges = [[1, 2], [1, 3], [3, 4], [3, 5]]',
        signature="def f(s: str, edges: list[list[int]]):",
        edge=[
            ["a", []],
            ["z", []],
            ["ab", [[2, 1]]],
            ["aaa", [[1, 2], [2, 3]]],
            ["abcde", [[1, 2], [1, 3], [1, 4], [1, 5]]],
            ["b" * 100, [[v, v + 1] for v in range(1, 100)]],
            ["zyx", [[1, 3], [3, 2]]],
        ],
        gen=_gen_letter_tree,
        validate=v_letter_tree,
        refs=[
            "def f(s, edges):\n"
            "    n = len(s)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    parent = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        for y in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                order.append(y)\n"
            "    mask = [0] * (n + 1)\n"
            "    for x in reversed(order):\n"
            "        mask[x] |= 1 << (ord(s[x - 1]) - 97)\n"
            "        mask[parent[x]] |= mask[x]\n"
            "    return [bin(mask[v]).count('1') for v in range(1, n + 1)]\n",
            "def f(s, edges):\n    return sum(1 for u, v in edges if s[u - 1] == s[v - 1])\n",
            "def f(s, edges):\n"
            "    n = len(s)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    parent = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        for y in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                order.append(y)\n"
            "    down = [1] * (n + 1)\n"
            "    for x in reversed(order[1:]):\n"
            "        p = parent[x]\n"
            "        if s[p - 1] == s[x - 1]:\n"
            "            down[p] = max(down[p], down[x] + 1)\n"
            "    return max(down[1:])\n",
            "def f(s, edges):\n"
            "    n = len(s)\n"
            "    adj = [[] for _ in range(n + 1)]\n"
            "    for u, v in edges:\n"
            "        adj[u].append(v)\n"
            "        adj[v].append(u)\n"
            "    parent = [0] * (n + 1)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        for y in adj[x]:\n"
            "            if y != parent[x]:\n"
            "                parent[y] = x\n"
            "                order.append(y)\n"
            "    best = [''] * (n + 1)\n"
            "    for x in reversed(order):\n"
            "        kids = [best[y] for y in adj[x] if y != parent[x]]\n"
            "        best[x] = s[x - 1] + (min(kids) if kids else '')\n"
            "    return best[1]\n",
        ],
    ),
    PromptSpec(
        id="tree-binary-children",
        kind="tree",
        input_description=(
            "A binary tree with n nodes numbered 1..n, 1 <= n <= 100, rooted at node 1, given as "
            "a list children of n pairs: children[i] = [l, r] holds the left and the right child "
            "of node i + 1, where 0 stands for no child. Node 1 never appears as a child, every "
            "other node appears as a child exactly once, and every node is reachable from node 1."
        ),
        example_input="children = [[2, 3], [0, 4], [0, 0], [0, 0]]",
        signature="def f(children: list[list[int]]):",
        edge=[
            [[[0, 0]]],
            [[[2, 0], [0, 0]]],
            [[[0, 2], [0, 0]]],
            [[[2, 3], [0, 0], [0, 0]]],
            [[[v + 1, 0] for v in range(1, 100)] + [[0, 0]]],
            [[[2, 3], [4, 5], [6, 7], [0, 0], [0, 0], [0, 0], [0, 0]]],
            [[[3, 0], [0, 0], [0, 2]]],
        ],
        gen=_gen_binary_tree,
        validate=v_binary_tree,
        refs=[
            "def f(children):\n"
            "    best = 0\n"
            "    stack = [(1, 1)]\n"
            "    while stack:\n"
            "        x, d = stack.pop()\n"
            "        best = max(best, d)\n"
            "        for c in children[x - 1]:\n"
            "            if c:\n"
            "                stack.append((c, d + 1))\n"
            "    return best\n",
            "def f(children):\n"
            "    out = []\n"
            "    stack = []\n"
            "    x = 1\n"
            "    while stack or x:\n"
            "        while x:\n"
            "            stack.append(x)\n"
            "            x = children[x - 1][0]\n"
            "        x = stack.pop()\n"
            "        out.append(x)\n"
            "        x = children[x - 1][1]\n"
            "    return out\n",
            "def f(children):\n"
            "    n = len(children)\n"
            "    order = [1]\n"
            "    for x in order:\n"
            "        order.extend(c for c in children[x - 1] if c)\n"
            "    height = [0] * (n + 1)\n"
            "    ok = True\n"
            "    for x in reversed(order):\n"
            "        hl, hr = height[children[x - 1][0]], height[children[x - 1][1]]\n"
            "        if abs(hl - hr) > 1:\n"
            "            ok = False\n"
            "        height[x] = 1 + max(hl, hr)\n"
            "    return ok\n",
            "def f(children):\n    return sum(1 for l, r in children if (l == 0) != (r == 0))\n",
        ],
    ),
    PromptSpec(
        id="tree-ancestor-queries",
        kind="tree",
        input_description=(
            "A tree rooted at vertex 1 with n vertices numbered 1..n, 1 <= n <= 100, given as a "
            "list parents of n - 1 integers: parents[i] is the parent of vertex i + 2 and "
            "1 <= parents[i] <= i + 1 (the list is empty when n = 1). A list queries of Q pairs "
            "[v, k], 1 <= Q <= 100, with 1 <= v <= n and 0 <= k <= n."
        ),
        example_input="parents = [1, 1, 2, 2], queries = [[4, 1], [5, 2], [3, 0]]",
        signature="def f(parents: list[int], queries: list[list[int]]):",
        edge=[
            [[], [[1, 0]]],
            [[], [[1, 1]]],
            [[1], [[2, 1], [1, 1], [2, 2]]],
            [list(range(1, 100)), [[100, 99], [100, 100], [1, 0], [1, 99]]],
            [[1] * 99, [[1, 1], [50, 1], [1, 2]]],
            [[1, 1, 2, 2, 3, 3], [[1, 2], [7, 2], [4, 1], [2, 0]]],
            [[1, 2, 1], [[4, 1], [3, 2], [3, 3]]],
        ],
        gen=_gen_ancestor_queries,
        validate=v_ancestor_queries,
        refs=[
            "def f(parents, queries):\n"
            "    par = [0, 0] + parents\n"
            "    out = []\n"
            "    for v, k in queries:\n"
            "        while k > 0 and v:\n"
            "            v = par[v]\n"
            "            k -= 1\n"
            "        out.append(v)\n"
            "    return out\n",
            "def f(parents, queries):\n"
            "    n = len(parents) + 1\n"
            "    children = [[] for _ in range(n + 1)]\n"
            "    for i, p in enumerate(parents):\n"
            "        children[p].append(i + 2)\n"
            "    out = []\n"
            "    for v, k in queries:\n"
            "        level = [v]\n"
            "        for _ in range(k):\n"
            "            level = [c for x in level for c in children[x]]\n"
            "            if not level:\n"
            "                break\n"
            "        out.append(len(level))\n"
            "    return out\n",
            "def f(parents, queries):\n"
            "    depth = [0, 0]\n"
            "    for p in parents:\n"
            "        depth.append(depth[p] + 1)\n"
            "    return sum(1 for v, k in queries if depth[v] >= k)\n",
            "def f(parents, queries):\n"
            "    n = len(parents) + 1\n"
            "    size = [1] * (n + 1)\n"
            "    for v in range(n, 1, -1):\n"
            "        size[parents[v - 2]] += size[v]\n"
            "    return [size[v] for v, _ in queries]\n",
        ],
    ),
]
