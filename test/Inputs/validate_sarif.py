#!/usr/bin/env python3
"""Structural validation of a SARIF 2.1.0 log, without pip: the properties
the 2.1.0 schema requires (and the types it gives them) for what privateer
writes, plus what GitHub code scanning relies on. Prints one line per
result (`ruleId uri:line:col`) for FileCheck; exits 1 on the first error.
"""
import json
import sys


def fail(msg):
    sys.stderr.write("invalid SARIF: " + msg + "\n")
    sys.exit(1)


def need(obj, key, typ, where):
    if not isinstance(obj, dict) or key not in obj:
        fail(f"{where}: missing '{key}'")
    if not isinstance(obj[key], typ):
        fail(f"{where}.{key}: expected {typ.__name__}")
    return obj[key]


def message(obj, where):
    m = need(obj, "message", dict, where)
    need(m, "text", str, where + ".message")


def position(obj, key, where):
    if key in obj and (not isinstance(obj[key], int) or obj[key] < 1):
        fail(f"{where}.{key}: expected an integer >= 1")


def physical(loc, where, bases):
    pl = need(loc, "physicalLocation", dict, where)
    al = need(pl, "artifactLocation", dict, where + ".physicalLocation")
    uri = need(al, "uri", str, where + ".artifactLocation")
    if "uriBaseId" in al:
        if al["uriBaseId"] not in bases:
            fail(f"{where}: unknown uriBaseId {al['uriBaseId']}")
        if uri.startswith("/") or "://" in uri:
            fail(f"{where}: uri with a base must be relative")
    elif not uri.startswith("file://"):
        fail(f"{where}: uri without a base must be absolute")
    region = need(pl, "region", dict, where + ".physicalLocation")
    for k in ("startLine", "startColumn", "endLine", "endColumn"):
        position(region, k, where + ".region")
    return uri, region


def main():
    log = json.load(open(sys.argv[1]))
    if need(log, "version", str, "log") != "2.1.0":
        fail("version is not 2.1.0")
    runs = need(log, "runs", list, "log")
    for r, run in enumerate(runs):
        w = f"runs[{r}]"
        driver = need(need(run, "tool", dict, w), "driver", dict, w + ".tool")
        need(driver, "name", str, w + ".tool.driver")
        rules = need(driver, "rules", list, w + ".tool.driver")
        ids = []
        for i, rule in enumerate(rules):
            rw = f"{w}.rules[{i}]"
            ids.append(need(rule, "id", str, rw))
            need(need(rule, "shortDescription", dict, rw), "text", str, rw)
            need(need(rule, "help", dict, rw), "text", str, rw)
            uri = need(rule, "helpUri", str, rw)
            if "://" not in uri or not uri.endswith(".md"):
                fail(f"{rw}.helpUri: expected an absolute URI of a page")
        bases = need(run, "originalUriBaseIds", dict, w)
        for name, base in bases.items():
            if not need(base, "uri", str, f"{w}.originalUriBaseIds.{name}").endswith("/"):
                fail(f"{w}: base URIs end with '/'")
        for i, res in enumerate(need(run, "results", list, w)):
            rw = f"{w}.results[{i}]"
            rule = need(res, "ruleId", str, rw)
            if rule not in ids:
                fail(f"{rw}: ruleId {rule} is not a rule")
            if "ruleIndex" in res and ids[res["ruleIndex"]] != rule:
                fail(f"{rw}: ruleIndex does not match ruleId")
            if res.get("level", "warning") not in ("none", "note", "warning", "error"):
                fail(f"{rw}: bad level")
            message(res, rw)
            locs = need(res, "locations", list, rw)
            uri, region = physical(locs[0], rw + ".locations[0]", bases)
            for j, rel in enumerate(res.get("relatedLocations", [])):
                physical(rel, f"{rw}.relatedLocations[{j}]", bases)
                message(rel, f"{rw}.relatedLocations[{j}]")
            fps = need(res, "partialFingerprints", dict, rw)
            if not fps or not all(isinstance(v, str) for v in fps.values()):
                fail(f"{rw}: partialFingerprints must map to strings")
            for j, fix in enumerate(res.get("fixes", [])):
                fw = f"{rw}.fixes[{j}]"
                for k, change in enumerate(need(fix, "artifactChanges", list, fw)):
                    cw = f"{fw}.artifactChanges[{k}]"
                    need(need(change, "artifactLocation", dict, cw), "uri", str, cw)
                    for m, rep in enumerate(need(change, "replacements", list, cw)):
                        dr = need(rep, "deletedRegion", dict, f"{cw}.replacements[{m}]")
                        for key in ("startLine", "startColumn", "endLine", "endColumn"):
                            position(dr, key, cw)
                        if "insertedContent" in rep:
                            need(rep["insertedContent"], "text", str, cw)
            print(f"{rule} {uri}:{region.get('startLine')}:{region.get('startColumn')}"
                  f"{' fix' if res.get('fixes') else ''}")
        for i, inv in enumerate(run.get("invocations", [])):
            iw = f"{w}.invocations[{i}]"
            if not isinstance(need(inv, "executionSuccessful", bool, iw), bool):
                fail(f"{iw}: executionSuccessful must be a boolean")
            for j, note in enumerate(inv.get("toolExecutionNotifications", [])):
                nw = f"{iw}.toolExecutionNotifications[{j}]"
                if note.get("level", "warning") not in ("none", "note", "warning", "error"):
                    fail(f"{nw}: bad level")
                message(note, nw)
                for k, loc in enumerate(note.get("locations", [])):
                    physical(loc, f"{nw}.locations[{k}]", bases)
                desc = note.get("descriptor")
                if desc is not None:
                    need(desc, "id", str, nw + ".descriptor")
                print(f"notification {need(note, 'message', dict, nw)['text']}")


if __name__ == "__main__":
    main()
