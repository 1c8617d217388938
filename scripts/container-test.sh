#!/usr/bin/env bash
# The container image's end-to-end checks, run by .ci/run with Podman and no image registry:
#   1. builds localhost/cloudstash-base:node20 (scripts/container-base.sh) unless Podman already holds it,
#      then the image from the Containerfile on it;
#   2. on SQLite in a volume: the container turns healthy, an account registers, uploads and downloads the
#      same bytes, SIGTERM stops it within 10 s with no error logged, and the process is not root;
#   3. a second container on the same volume, with a read-only root filesystem and a tmpfs, finds the account
#      and the file, and takes a new upload;
#   4. compose.yaml's PostgreSQL variant: the same flow against this machine's PostgreSQL (a database of its
#      own, created and dropped here), DATABASE_URL set as the compose file sets it.
# It skips (exit 0, saying why) only when Podman cannot start any container here. Prints "container: N passed, N failed".
#
# Hosts like this one (cgroups v1/hybrid, no raising of limits) need runc, cgroupfs and no default ulimits;
# unless CONTAINERS_CONF is set, a containers.conf saying so is written for this run only.
# Settings: CONTAINER_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), a server where
# databases may be created.
set -uo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=localhost/cloudstash-base:node20
IMAGE=localhost/cloudstash:ci
RUN_ID="cloudstash-ci-$$"
PG_ADMIN_URL="${CONTAINER_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PG_DB="cloudstash_ci_$$"
work="$(mktemp -d)"
passed=0
failed=0
containers=()
volumes=()
pg_created=0

pass() {
  passed=$((passed + 1))
  echo "  ok   - $1"
}
fail() {
  failed=$((failed + 1))
  echo "  FAIL - $1"
}
check() {
  local name="$1"
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

cleanup() {
  for c in "${containers[@]}"; do podman rm -f -v -t 0 "$c" >/dev/null 2>&1; done
  for v in "${volumes[@]}"; do podman volume rm -f "$v" >/dev/null 2>&1; done
  if [ "$pg_created" = 1 ]; then psql -q "$PG_ADMIN_URL" -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${CONTAINERS_CONF:-}" ]; then
  cat >"$work/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
  export CONTAINERS_CONF="$work/containers.conf"
fi

elapsed() { echo "$(($(date +%s) - $1)) s"; }

echo "== Base image"
checks_started=$(date +%s)
started=$checks_started
if podman image exists "$BASE_IMAGE"; then
  echo "reusing $BASE_IMAGE"
else
  scripts/container-base.sh || {
    echo "FAIL - building $BASE_IMAGE"
    echo "container: 0 passed, 1 failed"
    exit 1
  }
fi
echo "base: $(elapsed "$started")"

# Only a Podman that cannot start a container at all is a reason to skip; anything later is a failure.
if ! probe=$(podman run --rm --network none "$BASE_IMAGE" true 2>&1); then
  echo "SKIP: Podman cannot start a container on this machine: $(echo "$probe" | tail -n 1)"
  exit 0
fi

echo "== Image"
started=$(date +%s)
build_args=(--format docker --jobs 3 --build-arg "BASE=$BASE_IMAGE" -t "$IMAGE")
# A TLS-intercepting proxy's CA (what Node is told to trust on this machine) reaches npm as a build secret.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  build_args+=(--secret "id=ca_certs,src=$NODE_EXTRA_CA_CERTS")
fi
# Each line of the build's output with the time it came, for finding the slow step when a build takes long.
timestamped() { while IFS= read -r line; do printf '%s %s\n' "$(date +%T)" "$line"; done; }
if ! podman build "${build_args[@]}" . 2>&1 | timestamped >"$work/build.log"; then
  tail -n 40 "$work/build.log"
  echo "FAIL - podman build"
  echo "container: 0 passed, 1 failed"
  exit 1
fi
echo "image: $(elapsed "$started")"
grep -E ' (\[[0-9]/[0-9]\] STEP [0-9]+/[0-9]+: (RUN|FROM)|COMMIT)' "$work/build.log" | cut -c1-110
podman image ls "$IMAGE"

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Waits until the image's own HEALTHCHECK command succeeds (Podman runs it on demand; no systemd timer needed).
wait_healthy() {
  local c="$1"
  for _ in $(seq 1 180); do
    podman healthcheck run "$c" >/dev/null 2>&1 && return 0
    [ "$(podman inspect -f '{{.State.Running}}' "$c" 2>/dev/null)" = true ] || break
    sleep 1
  done
  podman logs "$c" 2>&1 | tail -n 20
  return 1
}

# start NAME NETWORK PORT [podman run options...]: the image, reached on 127.0.0.1:PORT, either published
# from its own network or (NETWORK=host) on the host's, where it listens on PORT itself.
start() {
  local name="$1" network="$2" port="$3"
  shift 3
  local net=(-p "127.0.0.1:$port:3000")
  [ "$network" = host ] && net=(--network host -e "PORT=$port")
  containers+=("$name")
  # Podman complains on stderr that it cannot reach systemd to schedule health checks; wait_healthy runs them.
  podman run -d --name "$name" --health-interval disable "${net[@]}" "$@" "$IMAGE" >/dev/null 2>"$work/run.err" ||
    cat "$work/run.err"
}

# The HTTP side of the flow, with curl: a session cookie per account, and the Origin a browser would send.
api() {
  local port="$1" jar="$2"
  shift 2
  curl -sS --max-time 30 -b "$jar" -c "$jar" -H "Origin: http://127.0.0.1:$port" "$@"
}
register_and_login() {
  local port="$1" jar="$2" email="$3"
  local body="{\"name\":\"CI\",\"email\":\"$email\",\"password\":\"Container-Check-42\"}"
  [ "$(api "$port" "$jar" -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "$body" "http://127.0.0.1:$port/api/v1/users/register")" = 201 ] || return 1
  login "$port" "$jar" "$email"
}
login() {
  local port="$1" jar="$2" email="$3"
  [ "$(api "$port" "$jar" -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"Container-Check-42\"}" \
    "http://127.0.0.1:$port/api/v1/users/login")" = 200 ]
}
# Uploads $work/upload.txt and prints the new file's id.
upload() {
  local port="$1" jar="$2"
  api "$port" "$jar" -f -F "file=@$work/upload.txt;filename=container-check.txt" \
    "http://127.0.0.1:$port/api/v1/files/upload" | jq -er '.data._id'
}
download_matches() {
  local port="$1" jar="$2" id="$3"
  api "$port" "$jar" -f -o "$work/download.bin" "http://127.0.0.1:$port/api/v1/files/f/$id/content" &&
    cmp -s "$work/upload.txt" "$work/download.bin"
}
lists_file() {
  local port="$1" jar="$2" id="$3"
  api "$port" "$jar" -f "http://127.0.0.1:$port/api/v1/files/user-files" | jq -e --arg id "$id" \
    'any(.data[]; ._id == $id)' >/dev/null
}
runs_as_non_root() {
  local users
  users=$(podman top "$1" user | tail -n +2 | sort -u)
  echo "    process users: $(echo "$users" | tr '\n' ' ')"
  [ -n "$users" ] && ! echo "$users" | grep -qx root
}
# SIGTERM, then the container must have stopped within 10 s, exited 0, logged its drain, and logged nothing at
# error or fatal level.
stops_on_sigterm() {
  local c="$1" state deadline
  podman kill --signal TERM "$c" >/dev/null || return 1
  deadline=$((SECONDS + 10))
  while :; do
    state=$(podman inspect -f '{{.State.Status}}' "$c")
    [ "$state" = exited ] || [ "$SECONDS" -ge "$deadline" ] && break
    sleep 0.2
  done
  [ "$state" = exited ] || {
    echo "    still $state 10 s after SIGTERM"
    return 1
  }
  [ "$(podman inspect -f '{{.State.ExitCode}}' "$c")" = 0 ] || {
    echo "    exit code $(podman inspect -f '{{.State.ExitCode}}' "$c")"
    return 1
  }
  # Node itself saw the signal and drained (the line serve.ts logs), rather than dying of it.
  podman logs "$c" 2>&1 | grep -q 'shutting down: finishing in-flight requests' || {
    echo "    no shutdown line in the log"
    return 1
  }
  ! podman logs "$c" 2>&1 | grep -E '"level":(50|60)|CloudStash could not start' | head -n 5 | grep .
}

# Text, one of the accepted types; random so that no earlier run could have stored the same bytes.
head -c 300000 /dev/urandom | base64 >"$work/upload.txt"

finds_file() {
  lists_file "$@" && download_matches "$@"
}
uploads_again() {
  local id
  id=$(upload "$1" "$2") && download_matches "$1" "$2" "$id"
}

# flow LABEL NETWORK [podman run options...]: the whole story, on the volume $RUN_ID-LABEL.
flow() {
  local label="$1" network="$2"
  shift 2
  local port jar="$work/$label.cookies" email="ci-$label@example.com" id c="$RUN_ID-$label-1"
  local volume="$RUN_ID-$label"
  port=$(free_port)
  volumes+=("$volume")
  podman volume create "$volume" >/dev/null
  start "$c" "$network" "$port" -v "$volume:/data" "$@"
  check "$label: the container becomes healthy" wait_healthy "$c"
  check "$label: register and sign in" register_and_login "$port" "$jar" "$email"
  if id=$(upload "$port" "$jar"); then pass "$label: upload"; else fail "$label: upload"; fi
  check "$label: download gives the same bytes" download_matches "$port" "$jar" "$id"
  check "$label: the server runs as a non-root user" runs_as_non_root "$c"
  check "$label: SIGTERM stops it within 10 s, exit 0, no error logged" stops_on_sigterm "$c"

  # A new container on the same volume, its root filesystem read-only: only /data and the tmpfs are written.
  c="$RUN_ID-$label-2"
  rm -f "$jar"
  start "$c" "$network" "$port" -v "$volume:/data" --read-only --tmpfs /tmp "$@"
  check "$label: a new container on the volume, read-only root and a tmpfs, becomes healthy" wait_healthy "$c"
  check "$label: it finds the account" login "$port" "$jar" "$email"
  check "$label: it finds the file and its bytes" finds_file "$port" "$jar" "$id"
  check "$label: it takes a new upload" uploads_again "$port" "$jar"
  check "$label: SIGTERM stops it cleanly too" stops_on_sigterm "$c"
}

echo "== SQLite in a volume"
started=$(date +%s)
flow sqlite bridge
echo "sqlite flow: $(elapsed "$started")"

# compose.yaml's PostgreSQL variant is the same image with DATABASE_URL set; here the server is this machine's,
# reached over the host's network (127.0.0.1:5432), in a database made for this run.
echo "== PostgreSQL"
started=$(date +%s)
if psql -q "$PG_ADMIN_URL" -c "CREATE DATABASE $PG_DB" 2>"$work/createdb.err"; then
  pg_created=1
  pg_url="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$PG_ADMIN_URL" "$PG_DB")"
  flow postgresql host -e "DATABASE_URL=$pg_url"
else
  fail "postgresql: create database $PG_DB ($(tail -n 1 "$work/createdb.err"))"
fi
echo "postgresql flow: $(elapsed "$started")"

echo "container check: $(elapsed "$checks_started")"
echo "container: $passed passed, $failed failed"
[ "$failed" = 0 ]
