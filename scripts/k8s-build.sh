# Sourced by scripts/k8s.sh: builds etcd and the Kubernetes binaries once per version.
# The tools modules live in the cache directory, outside the repository tree; nothing is vendored.

# KUBE_BINARIES are the Kubernetes commands the cluster needs.
KUBE_BINARIES=(kube-apiserver kube-controller-manager kube-scheduler kubelet)

# build_all builds whatever binary the cache lacks.
build_all() {
	mkdir -p "$BIN"
	need_tools
	[ -x "$BIN/etcd" ] || build_etcd
	local b missing=0
	for b in "${KUBE_BINARIES[@]}"; do [ -x "$BIN/$b" ] || missing=1; done
	[ "$missing" = 0 ] || build_kube
	log "binaries ready in $BIN"
}

# DEBIAN_PACKAGES are what the cluster runs on besides the binaries built here.
DEBIAN_PACKAGES=(containerd runc containernetworking-plugins openssl curl)

# need_tools installs the Debian packages the cluster runs on when one is missing (as root).
need_tools() {
	command -v go >/dev/null || die "go is not on PATH"
	missing_tools || return 0
	[ "$(id -u)" = 0 ] || die "missing tools: as root, apt-get install ${DEBIAN_PACKAGES[*]}"
	log "installing ${DEBIAN_PACKAGES[*]}"
	apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${DEBIAN_PACKAGES[@]}" >/dev/null
	missing_tools && die "apt-get install ${DEBIAN_PACKAGES[*]} left tools missing"
	return 0
}

# missing_tools succeeds when a tool the cluster needs is missing.
missing_tools() {
	local t
	for t in openssl curl containerd ctr runc; do command -v "$t" >/dev/null || return 0; done
	[ -x /usr/lib/cni/bridge ] || [ -x /opt/cni/bin/bridge ] || return 0
	return 1
}

# build_etcd builds etcd from a tools module that pins all of etcd's modules at one version
# (etcd's own go.mod uses relative replaces, so it cannot be built with go install).
build_etcd() {
	local mod="$CACHE/src/etcd"
	log "building etcd $ETCD_VERSION (about a minute)"
	mkdir -p "$mod"
	(
		cd "$mod"
		export GOTOOLCHAIN=local GOFLAGS=-mod=mod
		[ -f go.mod ] || go mod init swarmhost.local/k8s-tools/etcd >/dev/null 2>&1
		local m
		for m in server api client/pkg client pkg; do
			go get "go.etcd.io/etcd/$m/v3@$ETCD_VERSION" >/dev/null
		done
		nice go build -o "$BIN/etcd.tmp" go.etcd.io/etcd/server/v3
		mv "$BIN/etcd.tmp" "$BIN/etcd"
	)
}

# build_kube builds the control plane and the kubelet from k8s.io/kubernetes with every staging module
# replaced by its published version.
build_kube() {
	local mod="$CACHE/src/kube"
	log "building Kubernetes $K8S_VERSION (about 5 minutes on 2 cores, ~3 GB peak memory)"
	mkdir -p "$mod"
	(
		cd "$mod"
		export GOTOOLCHAIN=local GOFLAGS=-mod=mod
		if [ ! -f go.sum ]; then
			write_kube_gomod
			go mod tidy >/dev/null 2>&1 || go mod tidy
		fi
		local pkg="k8s.io/component-base/version"
		local ldflags="-s -w -X $pkg.gitVersion=$K8S_VERSION -X $pkg.gitMajor=1"
		ldflags+=" -X $pkg.gitMinor=$(echo "$K8S_VERSION" | cut -d. -f2) -X $pkg.gitTreeState=clean"
		local pkgs=() b
		for b in "${KUBE_BINARIES[@]}"; do pkgs+=("k8s.io/kubernetes/cmd/$b"); done
		nice go build -ldflags "$ldflags" -o "$BIN/" "${pkgs[@]}"
	)
}

# write_kube_gomod writes the tools module's go.mod: k8s.io/kubernetes plus one replace per staging module,
# the list read from kubernetes' own go.mod.
write_kube_gomod() {
	local kmod
	kmod="$(go mod download -json "k8s.io/kubernetes@$K8S_VERSION" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')"
	[ -f "$kmod" ] || die "could not download k8s.io/kubernetes@$K8S_VERSION's go.mod"
	{
		echo "module swarmhost.local/k8s-tools/kube"
		echo
		echo "go $(go env GOVERSION | sed 's/^go//; s/\.[0-9]*$//').0"
		echo
		echo "require k8s.io/kubernetes $K8S_VERSION"
		echo
		sed -n 's#^[[:space:]]*\(k8s.io/[a-z0-9-]*\) => ./staging/.*#replace \1 => \1 '"$STAGING_VERSION"'#p' "$kmod"
	} >go.mod
	grep -q '^replace' go.mod || die "no staging modules found in $kmod"
}
