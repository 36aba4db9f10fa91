#!/usr/bin/env python3
"""Fail if any dependency of the workspace is not under a permissive licence.

The workspace is MIT OR Apache-2.0 and reads GPL/AGPL engines for ideas only, so no
GPL/AGPL (or unknown-licence) crate may enter the dependency graph, not even through
benches or dev-dependencies. Reads `cargo metadata`; needs no network beyond cargo's.
"""
import json
import re
import subprocess
import sys

ALLOWED = {
    "MIT", "Apache-2.0", "Apache-2.0 WITH LLVM-exception", "BSD-2-Clause", "BSD-3-Clause",
    "ISC", "Zlib", "Unicode-3.0", "Unicode-DFS-2016", "Unlicense", "CC0-1.0", "0BSD", "BSL-1.0",
}


def acceptable(expr: str) -> bool:
    """Evaluates the SPDX expression with allowed licences as true (OR < AND < WITH)."""
    tokens = re.findall(r"\(|\)|[^\s()]+", expr.replace("/", " OR "))
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def primary():
        if peek() == "(":
            take()
            value = disjunction()
            if take() != ")":
                raise ValueError(expr)
            return value
        name = take()
        if peek() == "WITH":
            take()
            name = f"{name} WITH {take()}"
        return name in ALLOWED

    def conjunction():
        value = primary()
        while peek() == "AND":
            take()
            value = primary() and value
        return value

    def disjunction():
        value = conjunction()
        while peek() == "OR":
            take()
            value = conjunction() or value
        return value

    try:
        value = disjunction()
        return value and pos == len(tokens)
    except (IndexError, ValueError):
        return False


def main() -> int:
    meta = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", "--locked"], text=True))
    workspace = set(meta["workspace_members"])
    bad = []
    for pkg in meta["packages"]:
        if pkg["id"] in workspace:
            continue
        lic = pkg.get("license")
        if not lic or not acceptable(lic):
            bad.append(f"{pkg['name']} {pkg['version']}: {lic or 'no licence field'}")
    if bad:
        print("dependencies with a licence outside the allowed set:")
        print("\n".join(sorted(bad)))
        return 1
    print(f"licences ok: {len(meta['packages']) - len(workspace)} dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
