# Sourced by scripts/k8s.sh: starts and stops the cluster's processes. Each started process's pid is kept
# in $STATE/pids/NAME.pid; stop signals only those pids, and only while they are still that program.

APISERVER_PORT="${SWARMHOST_K8S_APISERVER_PORT:-6443}"
ETCD_PORT="${SWARMHOST_K8S_ETCD_PORT:-23790}"
CONTAINERD_DIR="$STATE/containerd"
CONTAINERD_SOCK="$CONTAINERD_DIR/containerd.sock"
PIDS="$STATE/pids"
LOGS="$STATE/logs"
# PROCESSES in start order; stop goes in reverse.
PROCESSES=(containerd etcd kube-apiserver kube-controller-manager kube-scheduler kubelet)

# start_all starts every process that is not running and waits for a Ready node.
start_all() {
	mkdir -p "$STATE" "$PIDS" "$LOGS"
	make_certs
	write_kubeconfig "$STATE/kubeconfig" admin
	write_kubeconfig "$STATE/controller-manager.kubeconfig" controller-manager
	write_kubeconfig "$STATE/scheduler.kubeconfig" scheduler
	write_kubeconfig "$STATE/kubelet.kubeconfig" kubelet
	write_kubeconfig "$STATE/nobody.kubeconfig" nobody
	start_containerd
	make_images
	start_etcd
	start_apiserver
	start_controller_manager
	start_scheduler
	start_kubelet
	wait_node_ready
	log "cluster ready: export KUBECONFIG=$STATE/kubeconfig"
}

# running NAME reports whether the pidfile's process is alive and still the program started.
running() {
	local f="$PIDS/$1.pid" pid
	[ -f "$f" ] || return 1
	pid="$(cat "$f")"
	[ -r "/proc/$pid/exe" ] && [ "$(basename "$(readlink "/proc/$pid/exe")")" = "$1" ]
}

# launch NAME CMD... starts CMD in the background, logs to $LOGS/NAME.log, records the pid.
launch() {
	local name="$1"
	shift
	if running "$name"; then return 0; fi
	nohup "$@" >"$LOGS/$name.log" 2>&1 &
	echo $! >"$PIDS/$name.pid"
	log "started $name (pid $!)"
}

start_containerd() {
	mkdir -p "$CONTAINERD_DIR" "$STATE/cni/conf" "$STATE/cni/ipam"
	local cni_bin=/usr/lib/cni
	[ -x "$cni_bin/bridge" ] || cni_bin=/opt/cni/bin
	cat >"$STATE/cni/conf/10-swarmhost.conflist" <<CNI
{"cniVersion": "0.4.0", "name": "swarmhost", "plugins": [{"type": "bridge", "bridge": "swh-k8s0",
  "isGateway": false, "ipMasq": false,
  "ipam": {"type": "host-local", "dataDir": "$STATE/cni/ipam", "ranges": [[{"subnet": "10.244.77.0/24"}]]}}]}
CNI
	cat >"$CONTAINERD_DIR/config.toml" <<TOML
version = 2
root = "$CONTAINERD_DIR/root"
state = "$CONTAINERD_DIR/state"
[grpc]
  address = "$CONTAINERD_SOCK"
[ttrpc]
  address = "$CONTAINERD_SOCK.ttrpc"
[plugins."io.containerd.internal.v1.opt"]
  path = "$CONTAINERD_DIR/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  restrict_oom_score_adj = true
  disable_apparmor = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "$cni_bin"
    conf_dir = "$STATE/cni/conf"
TOML
	launch containerd containerd --config "$CONTAINERD_DIR/config.toml"
	wait_for "containerd" 30 ctr -a "$CONTAINERD_SOCK" version
}

start_etcd() {
	launch etcd "$BIN/etcd" --name swarmhost --data-dir "$STATE/etcd" \
		--listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
		--listen-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
		--initial-advertise-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
		--initial-cluster "swarmhost=http://127.0.0.1:$((ETCD_PORT + 1))" --listen-metrics-urls "" \
		--quota-backend-bytes 1073741824
	wait_for "etcd" 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$ETCD_PORT"
}

start_apiserver() {
	launch kube-apiserver "$BIN/kube-apiserver" --etcd-servers "http://127.0.0.1:$ETCD_PORT" \
		--bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$APISERVER_PORT" \
		--endpoint-reconciler-type none --kubelet-preferred-address-types Hostname,InternalIP \
		--client-ca-file "$PKI/ca.crt" --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
		--kubelet-client-certificate "$PKI/apiserver-kubelet.crt" --kubelet-client-key "$PKI/apiserver-kubelet.key" \
		--kubelet-certificate-authority "$PKI/ca.crt" \
		--service-account-issuer https://kubernetes.default.svc.cluster.local \
		--service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
		--service-cluster-ip-range 10.96.0.0/24 --authorization-mode Node,RBAC --allow-privileged=true
	wait_for "kube-apiserver" 90 kube_get /readyz
}

start_controller_manager() {
	launch kube-controller-manager "$BIN/kube-controller-manager" \
		--kubeconfig "$STATE/controller-manager.kubeconfig" \
		--authentication-kubeconfig "$STATE/controller-manager.kubeconfig" \
		--authorization-kubeconfig "$STATE/controller-manager.kubeconfig" \
		--bind-address 127.0.0.1 --leader-elect=false --use-service-account-credentials=true \
		--service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt"
}

start_scheduler() {
	launch kube-scheduler "$BIN/kube-scheduler" --kubeconfig "$STATE/scheduler.kubeconfig" \
		--authentication-kubeconfig "$STATE/scheduler.kubeconfig" \
		--authorization-kubeconfig "$STATE/scheduler.kubeconfig" \
		--bind-address 127.0.0.1 --leader-elect=false
}

start_kubelet() {
	mkdir -p "$STATE/kubelet"
	cat >"$STATE/kubelet-config.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
address: 127.0.0.1
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
failSwapOn: false
tlsCertFile: $PKI/kubelet-serving.crt
tlsPrivateKeyFile: $PKI/kubelet-serving.key
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
clusterDomain: cluster.local
resolvConf: /etc/resolv.conf
evictionHard: {memory.available: 50Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1%}
imageGCHighThresholdPercent: 99
imageGCLowThresholdPercent: 98
serializeImagePulls: false
YAML
	# A node left registered by an earlier start would look Ready before this kubelet reports.
	running kubelet || curl -s -o /dev/null --max-time 5 -X DELETE --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" \
		--key "$PKI/admin.key" "https://127.0.0.1:$APISERVER_PORT/api/v1/nodes/localhost" || true
	launch kubelet "$BIN/kubelet" --config "$STATE/kubelet-config.yaml" --kubeconfig "$STATE/kubelet.kubeconfig" \
		--hostname-override localhost --root-dir "$STATE/kubelet"
}

# wait_node_ready waits for node "localhost" to be Ready and the default ServiceAccount to exist.
wait_node_ready() {
	wait_for "node Ready" 120 bash -c "$(declare -f kube_get); PKI='$PKI' APISERVER_PORT='$APISERVER_PORT' \
		kube_get /api/v1/nodes/localhost | grep -A3 '\"type\": \"Ready\"' | grep -q '\"status\": \"True\"'"
	wait_for "default ServiceAccount" 60 kube_get /api/v1/namespaces/default/serviceaccounts/default
}

# kube_get PATH GETs PATH from the API server as the admin.
kube_get() {
	curl -sf --max-time 5 --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" \
		"https://127.0.0.1:$APISERVER_PORT$1"
}

# wait_for WHAT SECONDS CMD... retries CMD until it succeeds, or fails naming WHAT and the log.
wait_for() {
	local what="$1" secs="$2" i
	shift 2
	for ((i = 0; i < secs * 4; i++)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.25
	done
	die "$what not ready after ${secs}s (logs in $LOGS)"
}

# cluster_status prints each process's state; it succeeds only when the API server is ready.
cluster_status() {
	local p
	for p in "${PROCESSES[@]}"; do
		if running "$p"; then echo "$p running (pid $(cat "$PIDS/$p.pid"))"; else echo "$p stopped"; fi
	done
	kube_get /readyz >/dev/null 2>&1 || { echo "api server not ready"; return 1; }
	echo "api server ready at https://127.0.0.1:$APISERVER_PORT"
}

# stop_all stops what start_all started, in reverse order: the kubelet, then the pods' containers
# (through this containerd), then the control plane, etcd and containerd.
stop_all() {
	local i
	for ((i = ${#PROCESSES[@]} - 1; i >= 0; i--)); do
		[ "${PROCESSES[i]}" = containerd ] && remove_pods
		stop_one "${PROCESSES[i]}"
	done
	unmount_state
	# The pods' bridge, made by the CNI plugin for this cluster only.
	ip link delete swh-k8s0 2>/dev/null || true
}

# unmount_state unmounts what the kubelet and containerd left mounted under $STATE (pod volumes, shm).
unmount_state() {
	local m
	for m in $(findmnt -rn -o TARGET | grep "^$STATE/" | sort -r); do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
	done
}

# stop_one NAME sends SIGTERM to the recorded pid (if it is still that program), then SIGKILL after 10 s.
stop_one() {
	local name="$1" pid i
	if ! running "$name"; then
		rm -f "$PIDS/$name.pid"
		return 0
	fi
	pid="$(cat "$PIDS/$name.pid")"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 40; i++)); do
		running "$name" || break
		sleep 0.25
	done
	running "$name" && kill -KILL "$pid" 2>/dev/null || true
	rm -f "$PIDS/$name.pid"
	log "stopped $name"
}

# remove_pods stops and removes every pod sandbox this cluster's containerd runs (their shims are
# children of containerd's runtime, not of this script), through containerd's own API.
remove_pods() {
	running containerd || return 0
	local c
	for c in $(ctr -a "$CONTAINERD_SOCK" -n k8s.io tasks ls -q 2>/dev/null); do
		ctr -a "$CONTAINERD_SOCK" -n k8s.io tasks kill -s SIGKILL "$c" >/dev/null 2>&1 || true
	done
	sleep 1
	for c in $(ctr -a "$CONTAINERD_SOCK" -n k8s.io tasks ls -q 2>/dev/null); do
		ctr -a "$CONTAINERD_SOCK" -n k8s.io tasks delete -f "$c" >/dev/null 2>&1 || true
	done
	for c in $(ctr -a "$CONTAINERD_SOCK" -n k8s.io containers ls -q 2>/dev/null); do
		ctr -a "$CONTAINERD_SOCK" -n k8s.io containers delete "$c" >/dev/null 2>&1 || true
	done
}
