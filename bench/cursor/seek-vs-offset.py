#!/usr/bin/env python3
"""Pages of 20 of 100,000 orders by cursor (the seek predicate Popcorn's `after` sends) and by `skip` (OFFSET), on
SQLite: the work per page counted in SQLite virtual-machine instructions (a progress handler called on every
instruction), which do not depend on the machine's load, and the plan SQLite chose. The SQL is the shape EF Core sends
for `(first: 20, orderBy: {placedAt: DESC}, after: "...")` and `(first: 20, skip: n, orderBy: {placedAt: DESC})`
(CursorSqlTests reads it). Usage: python3 bench/cursor/seek-vs-offset.py"""
import random
import sqlite3

ROWS, PAGE = 100_000, 20
db = sqlite3.connect(":memory:")
db.execute('CREATE TABLE "Orders" ("Id" INTEGER PRIMARY KEY, "PlacedAt" TEXT NOT NULL, "Status" TEXT NOT NULL)')
rng = random.Random(32)
db.executemany('INSERT INTO "Orders" VALUES (?, ?, ?)', (
    (i, f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:00:00", "open") for i in range(1, ROWS + 1)))
# The index an app adds for this order: the sort keys with their directions, the tie-breaker last.
db.execute('CREATE INDEX "IX_Orders_PlacedAt_Id" ON "Orders" ("PlacedAt" DESC, "Id")')
db.execute("ANALYZE")

ORDER = 'ORDER BY "o"."PlacedAt" DESC, "o"."Id"'
OFFSET_SQL = f'SELECT "o"."Id", "o"."PlacedAt" FROM "Orders" AS "o" {ORDER} LIMIT ? OFFSET ?'
SEEK_SQL = (f'SELECT "o"."Id", "o"."PlacedAt" FROM "Orders" AS "o" '
            f'WHERE "o"."PlacedAt" <= ? AND ("o"."PlacedAt" < ? OR ("o"."PlacedAt" = ? AND "o"."Id" > ?)) {ORDER} LIMIT ?')
FIRST_SQL = f'SELECT "o"."Id", "o"."PlacedAt" FROM "Orders" AS "o" {ORDER} LIMIT ?'

steps = 0


def count(_=None):
    global steps
    steps += 1
    return 0


def run(sql, args):
    global steps
    steps = 0
    db.set_progress_handler(count, 1)
    rows = db.execute(sql, args).fetchall()
    db.set_progress_handler(None, 1)
    return rows, steps


def plan(sql, args):
    return "; ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql, args))


print(f"| page | OFFSET: VM instructions | seek: VM instructions | same rows |")
print(f"|---|---|---|---|")
for page in (1, 100, 1_000, 5_000):
    skip = (page - 1) * PAGE
    offset_rows, offset_steps = run(OFFSET_SQL, (PAGE, skip))
    if page == 1:
        seek_rows, seek_steps = run(FIRST_SQL, (PAGE,))
    else:
        # The cursor of the previous page's last row: what the client sends back in `after`.
        last = db.execute(OFFSET_SQL, (1, skip - 1)).fetchone()
        seek_rows, seek_steps = run(SEEK_SQL, (last[1], last[1], last[1], last[0], PAGE))
    print(f"| {page:,} | {offset_steps:,} | {seek_steps:,} | {offset_rows == seek_rows} |")

print()
print("OFFSET plan:", plan(OFFSET_SQL, (PAGE, 0)))
print("seek plan:  ", plan(SEEK_SQL, ("2026-06-01 00:00:00", "2026-06-01 00:00:00", "2026-06-01 00:00:00", 1, PAGE)))
print("sqlite", sqlite3.sqlite_version)
