"""What make-toads-families.py and merge-toads-runs.py share: the /usr/bin/time line of a run
log (`-f "%e s %M KB %U user"`) and the readable TSV written beside
results/toads-families.json."""
import os, re


def parse_time(line, sep="[_ ]"):
    """{wall_seconds, peak_rss_kb, user_seconds} of a time line, or None; `sep` is what may
    stand between its fields (the early logs wrote underscores)."""
    m = re.match(rf"([\d.]+){sep}s{sep}(\d+){sep}KB{sep}([\d.]+){sep}user", line.strip())
    if not m:
        return None
    return {"wall_seconds": float(m[1]), "peak_rss_kb": int(m[2]), "user_seconds": float(m[3])}


def time_line(path, sep="[_ ]"):
    """The last time line of the log at `path`; None when there is no such file or line."""
    if not os.path.exists(path):
        return None
    out = None
    for line in open(path):
        out = parse_time(line, sep) or out
    return out


def short(g, n=80):
    return g if g is None or len(g) <= n else g[:n] + f"… ({len(g)} chars, full form in the JSON)"


def write_tsv(path, families, boards, stats):
    """The readable table of a results file's families, boards and statistics."""
    with open(path, "w") as t:
        t.write("# kind\ttoads\tblanks\tfrogs\tsquares\tvalue\n")
        for f in families:
            for v in f["values"]:
                t.write(f"family\t{f['toads']}\t{v['blanks']}\t{f['frogs']}\t{f['toads']+v['blanks']+f['frogs']}\t{short(v['canonical'])}\n")
        for b in boards:
            g = short(b["canonical"]) if b["canonical"] is not None else f"? (gave up after {b['gave_up_after_seconds']} s)"
            t.write(f"{b['table']}\t{b['toads']}\t{b['blanks']}\t{b['frogs']}\t{b['squares']}\t{g}\n")
        if stats:
            t.write("# length\tboards\tdistinct\tnumbers\tinfinitesimals\thot\thottest\tcanonical\ttemperature\n")
            for s in stats["lengths"]:
                h = s["hottest"] or {}
                t.write(f"stats\t{s['length']}\t{s['boards']}\t{s['distinct']}\t{s['numbers']}\t{s['infinitesimals']}\t{s['hot']}\t{h.get('board','-')}\t{h.get('canonical','-')}\t{h.get('temperature','-')}\n")
