#!/usr/bin/env python3
"""Applies the fixes of a SARIF log to the files they name (paths relative
to the base given as the second argument): each replacement by its
charOffset and charLength, from the end of each file backwards. The test of
privateer-fortran's SARIF fixes compares the result with --fix's."""
import json
import os
import sys

log = json.load(open(sys.argv[1]))
base = sys.argv[2]
edits = {}
for result in log["runs"][0]["results"]:
    for fix in result.get("fixes", []):
        for change in fix["artifactChanges"]:
            path = os.path.join(base, change["artifactLocation"]["uri"])
            for r in change["replacements"]:
                region = r["deletedRegion"]
                edits.setdefault(path, []).append(
                    (region["charOffset"], region["charLength"],
                     r["insertedContent"]["text"]))
for path, changes in edits.items():
    text = open(path, encoding="utf-8").read()
    for offset, length, inserted in sorted(changes, reverse=True):
        text = text[:offset] + inserted + text[offset + length:]
    open(path, "w", encoding="utf-8").write(text)
