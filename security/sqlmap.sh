#!/usr/bin/env bash
# SQL injection scan of the CloudStash API with sqlmap (Debian's package: apt-get install -y sqlmap).
# Not part of `npm test`: it takes minutes. Starts its own server on a fresh data folder, signs in as the
# instance's first account (an administrator, so the admin lists are scanned too), uploads a file, then points
# sqlmap at every parameter that reaches a query: list filters, sort and cursor, ids in paths, JSON bodies.
#
#   security/sqlmap.sh                      # embedded SQLite
#   DATABASE_URL=postgres://... security/sqlmap.sh   # an EMPTY PostgreSQL database
#   SQLMAP_LEVEL=3 SQLMAP_RISK=2 security/sqlmap.sh  # deeper (slower); risk 3 is never used: it can rewrite data
#
# Exit status: 0 when sqlmap found nothing injectable, 1 when it did, 2 when the scan could not run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "sqlmap not installed: apt-get install -y sqlmap" >&2; exit 2; }

LEVEL="${SQLMAP_LEVEL:-2}"
RISK="${SQLMAP_RISK:-1}"
PORT="${SQLMAP_PORT:-3477}"
BASE="http://127.0.0.1:${PORT}"
WORK="$(mktemp -d -t cloudstash-sqlmap-XXXXXX)"
OUT="${SQLMAP_OUTPUT:-$(mktemp -d -t cloudstash-sqlmap-results-XXXXXX)}"  # logs and summary, kept after the run
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
: >"$SUMMARY"

cleanup() {
  [[ -n "${SERVER_PID:-}" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

DB_KIND=SQLite; [[ -n "${DATABASE_URL:-}" ]] && DB_KIND=PostgreSQL  # never print the URL: it may hold a password
echo "== Starting CloudStash on $BASE (data in $WORK, database: $DB_KIND)"
PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" LOG_LEVEL=warn \
  AUTH_RATE_LIMIT_PER_MINUTE=1000000 REGISTER_RATE_LIMIT_PER_HOUR=1000000 LOGIN_LOCKOUT_FAILURES=1000000 \
  node --import tsx apps/server/src/main.ts >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 120); do curl -fs "$BASE/api/v1/health" >/dev/null && break; sleep 0.5; done
curl -fs "$BASE/api/v1/health" >/dev/null || { echo "server did not start:"; cat "$WORK/server.log"; exit 2; }

EMAIL="sqlmap-$RANDOM@example.com"
PASSWORD="Scan-Target-2024x"
curl -fs -X POST "$BASE/api/v1/users/register" -H 'content-type: application/json' \
  -d "{\"name\":\"Scanner\",\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" >/dev/null
curl -fs -c "$WORK/jar" -X POST "$BASE/api/v1/users/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" >/dev/null
COOKIE="cloudstash_session=$(awk '$6=="cloudstash_session"{print $7}' "$WORK/jar")"
printf 'scan target notes\n' >"$WORK/notes.txt"
FILE_ID="$(curl -fs -H "cookie: $COOKIE" -F filename=notes -F isPublic=true -F "file=@$WORK/notes.txt;type=text/plain" \
  "$BASE/api/v1/files/upload" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data._id))')"
USER_ID="$(curl -fs -H "cookie: $COOKIE" "$BASE/api/v1/users/me" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data._id))')"
echo "signed in as $EMAIL (admin), file $FILE_ID"

FOUND=0
scan() {
  local label="$1"; shift
  echo "== sqlmap: $label"
  local log="$OUT/$(echo "$label" | tr -c 'a-zA-Z0-9' '_').log"
  # --answers keeps sqlmap from following redirects; the session cookie rides along on every request.
  if ! sqlmap --batch --flush-session --level="$LEVEL" --risk="$RISK" --threads=2 --time-sec=2 \
      --technique=BEUST --random-agent --output-dir="$WORK/sqlmap" \
      --cookie="$COOKIE" --skip-static --answers="follow=N,redirect=N" "$@" >"$log" 2>&1; then
    echo "   sqlmap exited with an error (see $log)"
  fi
  if grep -q "identified the following injection point" "$log"; then
    echo "   INJECTABLE: see $log"; echo "$label: INJECTABLE" >>"$SUMMARY"; FOUND=1; return
  fi
  local tested
  tested="$( (grep -Eo "parameter '[^']+'" "$log" || true) | sort -u | wc -l)"
  local verdict
  if grep -q "all tested parameters do not appear to be injectable" "$log"; then verdict="not injectable"; else verdict="no injection found"; fi
  echo "   $verdict ($tested parameter(s) tested)"
  echo "$label: $verdict ($tested parameter(s) tested)" >>"$SUMMARY"
}

Q="q=notes&uploader=Scanner&category=document&type=text&id=a&visibility=public&sort=createdAt&order=desc&limit=10"
scan "public list filters"   -u "$BASE/api/v1/files/public?$Q" -p "q,uploader,category,sort,order,limit"
scan "own list filters"      -u "$BASE/api/v1/files/user-files?$Q" -p "q,type,id,visibility"
scan "list cursor"           -u "$BASE/api/v1/files/public?limit=1&cursor=eyJ2IjoiMjAyNC0wMS0wMVQwMDowMDowMFoiLCJpZCI6ImEifQ" -p cursor
scan "admin file filters"    -u "$BASE/api/v1/admin/files?$Q&userId=$USER_ID" -p "q,userId,type,id,uploader"
scan "admin user search"     -u "$BASE/api/v1/admin/users?q=Scanner&limit=10" -p "q,limit"
scan "file id in path"       -u "$BASE/api/v1/files/f/${FILE_ID}*"
scan "content id in path"    -u "$BASE/api/v1/files/f/${FILE_ID}*/content"
scan "admin user id in path" -u "$BASE/api/v1/admin/stats/${USER_ID}*"
# The right password, so that a true condition signs in (200) and a false one does not (401).
scan "login JSON body"       -u "$BASE/api/v1/users/login" --method=POST --data "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" --ignore-code=401
scan "rename JSON body"      -u "$BASE/api/v1/files/update/$FILE_ID" --method=PATCH --data '{"filename":"notes","isPublic":"true"}'

# The server must still be healthy and its data intact afterwards.
curl -fs "$BASE/api/v1/health" >/dev/null && echo "server healthy after the scan" | tee -a "$SUMMARY"
grep -E '"statusCode":5|"level":50' "$WORK/server.log" | head -5 >"$OUT/server-errors.log" || true
echo "server 5xx/error log lines: $(wc -l <"$OUT/server-errors.log")" | tee -a "$SUMMARY"
echo "== Summary ($SUMMARY)"; cat "$SUMMARY"
exit "$FOUND"
