# Sourced by scripts/k8s.sh: local images, built as OCI image-layout tarballs and imported into containerd
# (no registry; pods use imagePullPolicy: Never).

# Images the cluster provides.
BUSYBOX_IMAGE=swarmhost.local/busybox:1
PAUSE_IMAGE=swarmhost.local/pause:1
# SFTP_IMAGE serves the ReadWriteMany volume of a cluster of nodes (scripts/k8s-volume.sh).
SFTP_IMAGE=swarmhost.local/sftp:1
IMAGES="$CACHE/images"

# make_images builds the busybox and pause images once and imports them into every node's
# containerd (SOCK..., default: every node's).
make_images() {
	mkdir -p "$IMAGES"
	[ -f "$IMAGES/busybox.layer.tar" ] || busybox_layer "$IMAGES/busybox.layer.tar"
	[ -f "$IMAGES/pause.layer.tar" ] || pause_layer "$IMAGES/pause.layer.tar"
	oci_tarball "$BUSYBOX_IMAGE" "$IMAGES/busybox.oci.tar" '["sh"]' "$IMAGES/busybox.layer.tar"
	oci_tarball "$PAUSE_IMAGE" "$IMAGES/pause.oci.tar" '["/pause"]' "$IMAGES/pause.layer.tar"
	ctr_import "$IMAGES/busybox.oci.tar" "$@"
	ctr_import "$IMAGES/pause.oci.tar" "$@"
}

# import_dir_image NAME DIR [CMD...] imports an image NAME whose layers are busybox's and DIR's files.
import_dir_image() {
	local name="${1:?image name}" dir="${2:?directory}"
	shift 2
	[ -d "$dir" ] || die "image $name: $dir is not a directory"
	[ -f "$IMAGES/busybox.layer.tar" ] || die "start the cluster first (scripts/k8s.sh start)"
	local cmd='["sh"]' tmp
	[ $# = 0 ] || cmd="$(json_array "$@")"
	tmp="$(mktemp -d)"
	layer_tar "$dir" "$tmp/layer.tar"
	oci_tarball "$name" "$tmp/image.oci.tar" "$cmd" "$IMAGES/busybox.layer.tar" "$tmp/layer.tar"
	ctr_import "$tmp/image.oci.tar"
	rm -rf "$tmp"
	log "imported image $name"
}

# import_layer_image NAME LAYER [CMD...] imports an image NAME whose one layer is the tarball LAYER (a whole
# root filesystem, e.g. scripts/debian-image.sh's) into every node, unless each has it already. The OCI
# tarball is kept beside LAYER (LAYER.oci.tar), so a second import does not rewrite it.
import_layer_image() {
	local name="${1:?image name}" layer="${2:?layer tarball}"
	shift 2
	[ -f "$layer" ] || die "image $name: $layer is not a file"
	local cmd='["sh"]' oci="$layer.oci.tar" sock want have
	[ $# = 0 ] || cmd="$(json_array "$@")"
	if [ ! -f "$oci" ] || [ "$oci" -ot "$layer" ] || ! tar -xOf "$oci" index.json | grep -qF "\"$name\""; then
		oci_tarball "$name" "$oci.tmp" "$cmd" "$layer"
		mv "$oci.tmp" "$oci"
	fi
	want="$(tar -xOf "$oci" index.json | grep -o 'sha256:[0-9a-f]*' | head -1)"
	for sock in $(containerd_socks); do
		have="$(ctr -a "$sock" -n k8s.io images ls "name==$name" 2>/dev/null | awk 'NR > 1 { print $3 }')"
		[ "$have" = "$want" ] && continue
		ctr -a "$sock" -n k8s.io images import --digests=false "$oci" >/dev/null ||
			die "ctr images import $oci ($sock) failed"
		log "imported image $name ($sock)"
	done
}

# remove_image NAME removes an imported image from every node that runs (a stopped node keeps it).
remove_image() {
	local sock
	for sock in $(containerd_socks); do
		if ! ctr -a "$sock" version >/dev/null 2>&1; then
			log "not removing $1 from a stopped node ($sock)"
			continue
		fi
		ctr -a "$sock" -n k8s.io images rm "${1:?image name}" >/dev/null
	done
}

# busybox_layer extracts Debian's busybox-static (downloaded, not installed) with one link per applet.
busybox_layer() {
	local tmp root
	tmp="$(mktemp -d)" root="$tmp/root"
	(cd "$tmp" && apt-get download -q "$BUSYBOX_DEB_PKG" >/dev/null 2>&1) || die "apt-get download $BUSYBOX_DEB_PKG failed"
	dpkg-deb -x "$tmp"/${BUSYBOX_DEB_PKG}_*.deb "$tmp/deb"
	mkdir -p "$root/bin" "$root/tmp" "$root/etc" "$root/root"
	chmod 1777 "$root/tmp"
	cp "$tmp/deb/bin/busybox" "$root/bin/busybox"
	local a
	for a in $("$root/bin/busybox" --list); do [ "$a" = busybox ] || ln -sf busybox "$root/bin/$a"; done
	mkdir -p "$root/usr" && ln -s ../bin "$root/usr/bin" && ln -s bin "$root/sbin"
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$root/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
	layer_tar "$root" "$1"
	rm -rf "$tmp"
}

# sftp_image builds the volume server's image once and imports it into every node.
sftp_image() {
	[ -f "$IMAGES/sftp.layer.tar" ] || sftp_layer "$IMAGES/sftp.layer.tar"
	oci_tarball "$SFTP_IMAGE" "$IMAGES/sftp.oci.tar" '["/usr/sbin/sshd","-D","-e","-f","/etc/ssh/sshd_config"]' \
		"$IMAGES/busybox.layer.tar" "$IMAGES/sftp.layer.tar"
	ctr_import "$IMAGES/sftp.oci.tar"
}

# sftp_layer writes the volume server's layer (on busybox's: sshd lets in only a user whose shell
# exists, though ForceCommand never runs it): sshd from Debian's openssh-server (downloaded, not
# installed: installing it would start a server on this machine) with the libraries it links, and a
# configuration that serves SFTP only, to one key, from /export. The host key and the authorized
# key come from a Secret mounted at /etc/swarmhost-volume.
sftp_layer() {
	local tmp root lib dest
	tmp="$(mktemp -d)" root="$tmp/root"
	(cd "$tmp" && apt-get download -q openssh-server libwrap0 >/dev/null 2>&1) ||
		die "apt-get download openssh-server libwrap0 failed"
	dpkg-deb -x "$tmp"/openssh-server_*.deb "$tmp/deb"
	dpkg-deb -x "$tmp"/libwrap0_*.deb "$tmp/deb"
	mkdir -p "$root/usr/sbin" "$root/etc/ssh" "$root/run/sshd" "$root/export"
	chmod 0755 "$root/run/sshd"
	cp "$tmp/deb/usr/sbin/sshd" "$root/usr/sbin/sshd"
	for lib in $(LD_LIBRARY_PATH="$tmp/deb/usr/lib/x86_64-linux-gnu" ldd "$root/usr/sbin/sshd" | grep -o '/[^ ]*'); do
		dest="${lib#"$tmp/deb"}"
		mkdir -p "$root$(dirname "$dest")"
		cp -L "$lib" "$root$dest"
	done
	printf 'root:x:0:0:root:/root:/bin/sh\nsshd:x:100:65534::/run/sshd:/bin/false\n' >"$root/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
	cat >"$root/etc/ssh/sshd_config" <<SSHD
Port $VOLUME_PORT
HostKey /etc/swarmhost-volume/host_key
AuthorizedKeysFile /etc/swarmhost-volume/authorized_keys
PermitRootLogin prohibit-password
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
PidFile none
AllowTcpForwarding no
X11Forwarding no
PermitTTY no
Subsystem sftp internal-sftp
ForceCommand internal-sftp
SSHD
	layer_tar "$root" "$1"
	rm -rf "$tmp"
}

# pause_layer builds the pause program: it waits for SIGTERM or SIGINT and reaps children.
pause_layer() {
	local src="$CACHE/src/pause" root
	root="$(mktemp -d)"
	mkdir -p "$src"
	cat >"$src/main.go" <<'GO'
// Command pause holds a pod's namespaces: it reaps children until SIGTERM or SIGINT.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sig := make(chan os.Signal, 4)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT, syscall.SIGCHLD)
	for s := range sig {
		if s != syscall.SIGCHLD {
			return
		}
		for {
			pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
	}
}
GO
	[ -f "$src/go.mod" ] || (cd "$src" && GOTOOLCHAIN=local go mod init swarmhost.local/pause >/dev/null 2>&1)
	(cd "$src" && CGO_ENABLED=0 GOTOOLCHAIN=local go build -ldflags "-s -w" -o "$root/pause" .)
	layer_tar "$root" "$1"
	rm -rf "$root"
}

# layer_tar DIR OUT writes DIR's files as a reproducible, uncompressed layer tarball.
layer_tar() {
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$1" -cf "$2" .
}

# oci_tarball NAME OUT CMDJSON LAYER... writes an OCI image-layout tarball of the layers, named NAME.
oci_tarball() {
	local name="$1" out="$2" cmd="$3"
	shift 3
	local dir layers="" diffs="" l d size
	dir="$(mktemp -d)"
	mkdir -p "$dir/blobs/sha256"
	for l in "$@"; do
		d="$(sha256sum "$l" | cut -d' ' -f1)" size="$(stat -c %s "$l")"
		cp "$l" "$dir/blobs/sha256/$d"
		layers+="${layers:+,}{\"mediaType\":\"application/vnd.oci.image.layer.v1.tar\",\"digest\":\"sha256:$d\",\"size\":$size}"
		diffs+="${diffs:+,}\"sha256:$d\""
	done
	printf '{"architecture":"amd64","os":"linux","config":{"Cmd":%s,"Env":["PATH=/bin:/usr/bin:/sbin"]},"rootfs":{"type":"layers","diff_ids":[%s]}}' \
		"$cmd" "$diffs" >"$dir/config.json"
	local cfg msize mdigest
	cfg="$(blob "$dir" "$dir/config.json")"
	printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[%s]}' \
		"$cfg" "$(stat -c %s "$dir/config.json")" "$layers" >"$dir/manifest.json"
	msize="$(stat -c %s "$dir/manifest.json")" mdigest="$(blob "$dir" "$dir/manifest.json")"
	printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"platform":{"architecture":"amd64","os":"linux"},"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}' \
		"$mdigest" "$msize" "$name" "${name##*:}" >"$dir/index.json"
	printf '{"imageLayoutVersion":"1.0.0"}' >"$dir/oci-layout"
	rm -f "$dir/config.json" "$dir/manifest.json"
	tar -C "$dir" -cf "$out" oci-layout index.json blobs
	rm -rf "$dir"
}

# blob DIR FILE stores FILE as a blob of the layout in DIR and prints its digest.
blob() {
	local d
	d="$(sha256sum "$2" | cut -d' ' -f1)"
	cp "$2" "$1/blobs/sha256/$d"
	echo "$d"
}

json_array() {
	local out="" a
	for a in "$@"; do out+="${out:+,}\"${a//\"/\\\"}\""; done
	echo "[$out]"
}

# ctr_import FILE [SOCK...] imports an OCI tarball into the containerds of SOCK... (default: every
# node's).
ctr_import() {
	local file="$1" sock socks
	shift
	socks="${*:-$(containerd_socks)}"
	for sock in $socks; do
		ctr -a "$sock" -n k8s.io images import --digests=false "$file" >/dev/null ||
			die "ctr images import $file ($sock) failed"
	done
}

# containerd_socks prints the socket of every node's containerd.
containerd_socks() {
	local i
	if [ "$NODES" = 0 ]; then
		echo "$CONTAINERD_SOCK"
		return 0
	fi
	for ((i = 0; i < NODES; i++)); do echo "$(node_dir "$i")/containerd/containerd.sock"; done
}
