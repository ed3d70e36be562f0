#!/usr/bin/env python3
"""The code's shape in figures: how much of each generator file builds steps, which functions run
over 60 lines, and how many fields the big objects hold. Needs universal-ctags (Debian package
universal-ctags). Run from the repository root: python3 scripts/code-figures.py

Step-building lines: the lines of every `Step` aggregate initialiser (from the line that opens
`Step{`/`Step name{` to its closing brace) and of every function that returns a Step (a step
factory), counted wherever they are in the file. The share is taken of the file's code lines
without blank lines, comments, the pseudocode table and the schema() function, so moving
bookkeeping elsewhere in the same file does not lower it.
"""
import json
import os
import re
import subprocess
import sys

LONG = 60
GENERATORS = "src/generators"
# Objects whose fields issue 23 asked to count: (scope suffix as ctags names it, label).
# The parts split out of them are listed under each (issue 23, item 3).
OBJECTS = [
    ("Session::State", "Session::State"),
    ("app::Settings", "  Settings"),
    ("app::Transport", "  Transport"),
    ("app::ViewCaches", "  ViewCaches"),
    ("app::Builds", "  Builds"),
    ("App", "App (src/app/app.cpp)"),
    ("FramePacer", "  FramePacer"),
    ("TextureStager", "  TextureStager"),
    ("RunReport", "  RunReport"),
    ("Timeline", "Timeline"),
    ("Timeline::Decoded", "  Timeline::Decoded"),
    ("SkipIndex", "  history::SkipIndex"),
    ("DirtyRect", "  app::DirtyRect"),
]


def ctags(paths):
    out = subprocess.run(
        ["ctags", "--output-format=json", "--fields=+neKZ", "--c++-kinds=+fmp", "-f", "-", "-R"]
        + paths,
        check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def strip_comments(lines):
    """Code lines with comments blanked out (line comments and block comments)."""
    out, in_block = [], False
    for line in lines:
        text, i = "", 0
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                else:
                    in_block, i = False, end + 2
            elif line.startswith("//", i):
                break
            elif line.startswith("/*", i):
                in_block, i = True, i + 2
            elif line[i] == '"':
                j = i + 1
                while j < len(line) and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                text += line[i:j + 1]
                i = j + 1
            else:
                text += line[i]
                i += 1
        out.append(text)
    return out


def brace_extent(code, start):
    """Index of the line that closes the first brace opened on or after line `start`."""
    depth, opened = 0, False
    for k in range(start, len(code)):
        for ch in code[k]:
            if ch == "{":
                depth, opened = depth + 1, True
            elif ch == "}":
                depth -= 1
                if opened and depth == 0:
                    return k
    return len(code) - 1


def generator_share(path):
    code = strip_comments(open(path, encoding="utf-8").read().splitlines())
    excluded, building = set(), set()
    schema_end = -1
    for i, line in enumerate(code):
        if re.search(r"\bconst Schema& schema\(\)\s*\{", line) or re.search(
                r"kPseudocode\s*=", line):
            end = brace_extent(code, i)
            excluded.update(range(i, end + 1))
            if "Schema" in line:
                schema_end = end
    for i, line in enumerate(code):
        if i in excluded:
            continue
        # A function returning a Step: a factory. Its whole body is step building.
        if re.match(r"^\s*(static\s+|inline\s+)?(const\s+)?Step\s+\w+\(", line):
            building.update(range(i, brace_extent(code, i) + 1))
        # An aggregate initialiser of a Step: `Step{`, `Step name{`, `const Step name{`.
        elif re.search(r"\bStep(\s+\w+)?\s*\{", line) and "struct Step" not in line:
            building.update(range(i, brace_extent(code, i) + 1))
    counted = [i for i, line in enumerate(code) if line.strip() and i not in excluded]
    steps = [i for i in counted if i in building]
    # The part after the schema: the bodies (and the spec), the figure issue 23 measured.
    after = [i for i in counted if i > schema_end]
    steps_after = [i for i in after if i in building]
    return len(steps_after), len(after), len(steps), len(counted)


def main():
    if not os.path.isdir(GENERATORS):
        sys.exit("run from the repository root")
    print("Step-building lines per generator, of code lines (no comments or blank lines):")
    print("  after the schema (the bodies)  |  whole file (factories included; no schema, pseudocode)")
    for name in sorted(os.listdir(GENERATORS)):
        path = os.path.join(GENERATORS, name)
        # A generator's file defines its spec; helpers (map_promises, cave_smoothing) do not.
        if not name.endswith(".cpp") or "_spec() {" not in open(path, encoding="utf-8").read():
            continue
        sa, a, sw, w = generator_share(path)
        print(f"  {name:24} {sa:4} of {a:4} = {100.0 * sa / max(a, 1):5.1f}%  |"
              f"  {sw:4} of {w:4} = {100.0 * sw / max(w, 1):5.1f}%")

    tags = ctags(["src"])
    long_functions = []
    for t in tags:
        if t.get("kind") != "function" or "end" not in t:
            continue
        n = t["end"] - t["line"] + 1
        if n > LONG:
            long_functions.append((n, t["path"], t["line"], t.get("scope", ""), t["name"]))
    long_functions.sort(reverse=True)
    print(f"\nFunctions over {LONG} lines in src/: {len(long_functions)}")
    for n, path, line, scope, name in long_functions:
        owner = scope.split("::")[-1] + "::" if scope and "__anon" not in scope.split("::")[-1] else ""
        print(f"  {n:4} {path}:{line} {owner}{name}")

    print("\nFields (data members) of the big objects")
    for suffix, label in OBJECTS:
        fields = [t for t in tags if t.get("kind") == "member"
                  and (t.get("scope", "") == suffix or t.get("scope", "").endswith("::" + suffix))]
        print(f"  {label:28} {len(fields)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
