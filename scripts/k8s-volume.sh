# Sourced by scripts/k8s.sh: the ReadWriteMany volume of a cluster of nodes. The files live on the
# first node, served over SFTP by OpenSSH's sshd in a pod there (an image made from Debian's
# openssh-server, scripts/k8s-images.sh); every node mounts them into its pods with sshfs through a
# small CSI node plugin (scripts/k8s-volume/) the kubelet finds in its plugin registration
# directory. A PersistentVolume of that driver, ReadWriteMany, is bound to the claim
# default/swarmhost-logs. (This machine's kernel has no NFS client, so NFS cannot be the local
# stand-in; a real cluster uses its own ReadWriteMany class: see the README.)

VOLUME_DRIVER=sftp.swarmhost.local
VOLUME_NAME=swarmhost-logs
VOLUME_CLASS=swarmhost-rwx
VOLUME_PORT=2222
VOLUME_DIR="$STATE/volume"
# VOLUME_EXPORT is the first node's directory the server exports (a hostPath of its pod).
VOLUME_EXPORT="$VOLUME_DIR/export"

# volume_keys makes the server's host key and the nodes' client key, once, and the nodes'
# known_hosts (the server's address and host key).
volume_keys() {
	mkdir -p "$VOLUME_DIR" "$VOLUME_EXPORT/$VOLUME_NAME"
	[ -f "$VOLUME_DIR/host_key" ] || ssh-keygen -q -t ed25519 -N '' -C swarmhost-volume -f "$VOLUME_DIR/host_key"
	[ -f "$VOLUME_DIR/client_key" ] || ssh-keygen -q -t ed25519 -N '' -C swarmhost-nodes -f "$VOLUME_DIR/client_key"
	echo "[$(node_ip 0)]:$VOLUME_PORT $(cut -d' ' -f1,2 "$VOLUME_DIR/host_key.pub")" >"$VOLUME_DIR/known_hosts"
}

# build_volume_plugin builds the CSI node plugin from scripts/k8s-volume (its own Go module), cached
# by a hash of its source; VOLUME_BIN is the binary.
build_volume_plugin() {
	local src="$HERE/k8s-volume" sum dir
	sum="$(cat "$src"/go.mod "$src"/go.sum "$src"/*.go | sha256sum | cut -c1-16)"
	dir="$CACHE/volume-$sum"
	VOLUME_BIN="$dir/swarmhost-k8s-volume"
	[ -x "$VOLUME_BIN" ] && return 0
	log "building the volume plugin (scripts/k8s-volume)"
	mkdir -p "$dir"
	(cd "$src" && GOTOOLCHAIN=local CGO_ENABLED=0 go build -trimpath -o "$VOLUME_BIN.tmp" .) ||
		die "building scripts/k8s-volume failed"
	mv "$VOLUME_BIN.tmp" "$VOLUME_BIN"
}

# start_volume_plugin I starts node I's CSI plugin, which registers with the kubelet through the
# kubelet's plugin registration directory.
start_volume_plugin() {
	local i="$1" nd
	nd="$(node_dir "$i")"
	mkdir -p "$nd/kubelet/plugins_registry" "$nd/csi"
	node_launch "$i" swarmhost-k8s-volume "$VOLUME_BIN" --driver "$VOLUME_DRIVER" --node "$(node_name "$i")" \
		--socket "$nd/csi/csi.sock" --registry "$nd/kubelet/plugins_registry" \
		--key "$VOLUME_DIR/client_key" --known-hosts "$VOLUME_DIR/known_hosts"
}

# start_volume creates the server pod, the CSI driver, the class, the volume and its claim (what
# exists is kept), and waits for the server to listen and the claim to be bound.
start_volume() {
	wait_for "kube-system's default ServiceAccount" 60 kube_get /api/v1/namespaces/kube-system/serviceaccounts/default
	kube_create /api/v1/namespaces/kube-system/secrets "$(
		cat <<JSON
{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "swarmhost-volume-keys", "namespace": "kube-system"},
 "data": {"host_key": "$(base64 -w0 "$VOLUME_DIR/host_key")", "authorized_keys": "$(base64 -w0 "$VOLUME_DIR/client_key.pub")"}}
JSON
	)"
	kube_create /api/v1/namespaces/kube-system/pods "$(
		cat <<JSON
{"apiVersion": "v1", "kind": "Pod",
 "metadata": {"name": "swarmhost-volume", "namespace": "kube-system", "labels": {"app.kubernetes.io/name": "swarmhost-volume"}},
 "spec": {"nodeName": "$(node_name 0)", "hostNetwork": true, "automountServiceAccountToken": false,
  "containers": [{"name": "sshd", "image": "$SFTP_IMAGE", "imagePullPolicy": "Never",
    "volumeMounts": [{"name": "keys", "mountPath": "/etc/swarmhost-volume", "readOnly": true},
                     {"name": "export", "mountPath": "/export"}]}],
  "volumes": [{"name": "keys", "secret": {"secretName": "swarmhost-volume-keys", "defaultMode": 256}},
              {"name": "export", "hostPath": {"path": "$VOLUME_EXPORT", "type": "Directory"}}]}}
JSON
	)"
	kube_create /apis/storage.k8s.io/v1/csidrivers "$(
		cat <<JSON
{"apiVersion": "storage.k8s.io/v1", "kind": "CSIDriver", "metadata": {"name": "$VOLUME_DRIVER"},
 "spec": {"attachRequired": false, "podInfoOnMount": false, "fsGroupPolicy": "None", "volumeLifecycleModes": ["Persistent"]}}
JSON
	)"
	kube_create /apis/storage.k8s.io/v1/storageclasses "$(
		cat <<JSON
{"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "$VOLUME_CLASS"},
 "provisioner": "kubernetes.io/no-provisioner", "reclaimPolicy": "Retain", "volumeBindingMode": "Immediate"}
JSON
	)"
	kube_create /api/v1/persistentvolumes "$(
		cat <<JSON
{"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "$VOLUME_NAME"},
 "spec": {"capacity": {"storage": "10Gi"}, "accessModes": ["ReadWriteMany"], "persistentVolumeReclaimPolicy": "Retain",
  "storageClassName": "$VOLUME_CLASS", "claimRef": {"namespace": "default", "name": "$VOLUME_NAME"},
  "csi": {"driver": "$VOLUME_DRIVER", "volumeHandle": "$VOLUME_NAME",
          "volumeAttributes": {"server": "$(node_ip 0)", "port": "$VOLUME_PORT", "path": "/export/$VOLUME_NAME"}}}}
JSON
	)"
	kube_create /api/v1/namespaces/default/persistentvolumeclaims "$(
		cat <<JSON
{"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "$VOLUME_NAME", "namespace": "default"},
 "spec": {"accessModes": ["ReadWriteMany"], "storageClassName": "$VOLUME_CLASS", "volumeName": "$VOLUME_NAME",
  "resources": {"requests": {"storage": "10Gi"}}}}
JSON
	)"
	wait_for "the volume server listening on $(node_ip 0):$VOLUME_PORT" 120 volume_listening
	wait_for "claim default/$VOLUME_NAME bound" 60 claim_bound
}

# volume_listening reports whether sshd listens on the volume's port in the first node's namespace.
volume_listening() {
	[ -n "$(port_listeners "$VOLUME_PORT" "$(node_ns 0)")" ]
}

claim_bound() {
	kube_get "/api/v1/namespaces/default/persistentvolumeclaims/$VOLUME_NAME" | tr -d ' \n' | grep -q '"phase":"Bound"'
}
