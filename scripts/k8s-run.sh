# Sourced by scripts/k8s.sh: starts and stops the control plane and the single loopback node. Each
# started process's pid is kept in $STATE/pids/NAME.pid; stop signals only those pids, and only while
# they are still that program.

CONTAINERD_DIR="$STATE/containerd"
CONTAINERD_SOCK="$CONTAINERD_DIR/containerd.sock"
PIDS="$STATE/pids"
LOGS="$STATE/logs"
# CONTROL_PLANE in start order; stop goes in reverse.
CONTROL_PLANE=(etcd kube-apiserver kube-controller-manager kube-scheduler)
# PROCESSES of the single loopback node, in start order.
PROCESSES=(containerd "${CONTROL_PLANE[@]}" kubelet)

# start_all starts every process of the single loopback node's cluster that is not running and
# waits for a Ready node.
start_all() {
	mkdir -p "$STATE" "$PIDS" "$LOGS"
	make_certs
	write_kubeconfigs
	write_kubeconfig "$STATE/kubelet.kubeconfig" kubelet
	start_containerd containerd "$CONTAINERD_DIR" swarmhost swh-k8s0 10.244.77.0/24 false ""
	make_images
	start_control_plane
	start_kubelet
	wait_node_ready localhost
	log "cluster ready: export KUBECONFIG=$STATE/kubeconfig"
}

# write_kubeconfigs writes the control plane's and the users' kubeconfigs.
write_kubeconfigs() {
	write_kubeconfig "$STATE/kubeconfig" admin
	write_kubeconfig "$STATE/controller-manager.kubeconfig" controller-manager
	write_kubeconfig "$STATE/scheduler.kubeconfig" scheduler
	write_kubeconfig "$STATE/nobody.kubeconfig" nobody
}

# start_control_plane starts etcd, the API server, the controller manager and the scheduler.
start_control_plane() {
	start_etcd
	start_apiserver
	start_controller_manager
	start_scheduler
}

# running_in DIR NAME reports whether DIR/NAME.pid's process is alive and still the program started.
running_in() {
	local f="$1/$2.pid" pid
	[ -f "$f" ] || return 1
	pid="$(cat "$f")"
	[ -r "/proc/$pid/exe" ] && [ "$(basename "$(readlink "/proc/$pid/exe")")" = "$2" ]
}

# running NAME is running_in for the control plane's and the loopback node's processes.
running() { running_in "$PIDS" "$1"; }

# launch NAME CMD... starts CMD in the background, logs to $LOGS/NAME.log, records the pid.
launch() {
	local name="$1"
	shift
	if running "$name"; then return 0; fi
	nohup "$@" >"$LOGS/$name.log" 2>&1 &
	echo $! >"$PIDS/$name.pid"
	log "started $name (pid $!)"
}

# start_containerd NAME DIR CNI_NAME BRIDGE SUBNET GATEWAY NODE writes containerd's config (its own
# root, state and socket under DIR, pods on a CNI bridge network) and starts it: on node NODE (its
# index) of a cluster of nodes, or here when NODE is empty.
start_containerd() {
	local name="$1" dir="$2" net="$3" bridge="$4" subnet="$5" gateway="$6" node="$7"
	mkdir -p "$dir" "$dir/cni/conf" "$dir/cni/ipam"
	local cni_bin=/usr/lib/cni
	[ -x "$cni_bin/bridge" ] || cni_bin=/opt/cni/bin
	# A node's pods reach other nodes' pods through the node (isGateway); the loopback node's pods
	# reach only each other.
	local ipam="\"ranges\": [[{\"subnet\": \"$subnet\"}]]"
	[ "$gateway" = false ] || ipam+=", \"routes\": [{\"dst\": \"0.0.0.0/0\"}]"
	cat >"$dir/cni/conf/10-swarmhost.conflist" <<CNI
{"cniVersion": "0.4.0", "name": "$net", "plugins": [{"type": "bridge", "bridge": "$bridge",
  "isGateway": $gateway, "ipMasq": false, "hairpinMode": true,
  "ipam": {"type": "host-local", "dataDir": "$dir/cni/ipam", $ipam}}]}
CNI
	local runc_root=""
	[ -z "$node" ] || runc_root="Root = \"$dir/runc\""
	cat >"$dir/config.toml" <<TOML
version = 2
root = "$dir/root"
state = "$dir/state"
[grpc]
  address = "$dir/containerd.sock"
[ttrpc]
  address = "$dir/containerd.sock.ttrpc"
[plugins."io.containerd.internal.v1.opt"]
  path = "$dir/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  restrict_oom_score_adj = true
  disable_apparmor = true
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
        $runc_root
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "$cni_bin"
    conf_dir = "$dir/cni/conf"
TOML
	if [ -z "$node" ]; then
		launch "$name" containerd --config "$dir/config.toml"
	else
		node_launch "$node" containerd containerd --config "$dir/config.toml"
	fi
	wait_for "containerd ($dir)" 30 ctr -a "$dir/containerd.sock" version
}

start_etcd() {
	running etcd || { need_port etcd "$ETCD_PORT" && need_port etcd "$ETCD_PEER_PORT"; }
	launch etcd "$BIN/etcd" --name swarmhost --data-dir "$STATE/etcd" \
		--listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
		--listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
		--initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
		--initial-cluster "swarmhost=http://127.0.0.1:$ETCD_PEER_PORT" --listen-metrics-urls "" \
		--quota-backend-bytes 1073741824
	wait_port etcd "$PIDS/etcd.pid" "$ETCD_PORT"
}

start_apiserver() {
	running kube-apiserver || need_port kube-apiserver "$APISERVER_PORT"
	local prefer=Hostname,InternalIP
	[ "$NODES" = 0 ] || prefer=InternalIP,Hostname
	launch kube-apiserver "$BIN/kube-apiserver" --etcd-servers "http://127.0.0.1:$ETCD_PORT" \
		--bind-address "$APISERVER_ADDR" --advertise-address "$APISERVER_ADDR" --secure-port "$APISERVER_PORT" \
		--endpoint-reconciler-type none --kubelet-preferred-address-types "$prefer" \
		--client-ca-file "$PKI/ca.crt" --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
		--kubelet-client-certificate "$PKI/apiserver-kubelet.crt" --kubelet-client-key "$PKI/apiserver-kubelet.key" \
		--kubelet-certificate-authority "$PKI/ca.crt" \
		--service-account-issuer https://kubernetes.default.svc.cluster.local \
		--service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
		--service-cluster-ip-range 10.96.0.0/24 --authorization-mode Node,RBAC --allow-privileged=true
	wait_port kube-apiserver "$PIDS/kube-apiserver.pid" "$APISERVER_PORT"
	wait_for "kube-apiserver" 90 kube_get /readyz
}

# start_controller_manager starts the controllers; with nodes in namespaces, a node whose kubelet
# stopped reporting is NotReady after 20 s instead of 50 (node-loss tests wait less). It serves no
# port (--secure-port 0).
start_controller_manager() {
	local grace=()
	[ "$NODES" = 0 ] || grace=(--node-monitor-grace-period 20s --node-monitor-period 2s)
	launch kube-controller-manager "$BIN/kube-controller-manager" \
		--kubeconfig "$STATE/controller-manager.kubeconfig" \
		--authentication-kubeconfig "$STATE/controller-manager.kubeconfig" \
		--authorization-kubeconfig "$STATE/controller-manager.kubeconfig" \
		--secure-port 0 --leader-elect=false --use-service-account-credentials=true \
		--service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt" "${grace[@]}"
}

# start_scheduler starts the scheduler; it serves no port (--secure-port 0).
start_scheduler() {
	launch kube-scheduler "$BIN/kube-scheduler" --kubeconfig "$STATE/scheduler.kubeconfig" \
		--authentication-kubeconfig "$STATE/scheduler.kubeconfig" \
		--authorization-kubeconfig "$STATE/scheduler.kubeconfig" \
		--secure-port 0 --leader-elect=false
}

# kubelet_config FILE ADDRESS CONTAINERD_SOCK [EXTRA] writes a KubeletConfiguration serving on
# ADDRESS:10250 (no other port), with EXTRA's lines appended.
kubelet_config() {
	cat >"$1" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
address: $2
port: 10250
readOnlyPort: 0
healthzPort: 0
failSwapOn: false
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
containerRuntimeEndpoint: unix://$3
clusterDomain: cluster.local
resolvConf: /etc/resolv.conf
evictionHard: {memory.available: 50Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1%}
imageGCHighThresholdPercent: 99
imageGCLowThresholdPercent: 98
serializeImagePulls: false
${4:-}
YAML
}

start_kubelet() {
	mkdir -p "$STATE/kubelet"
	kubelet_config "$STATE/kubelet-config.yaml" 127.0.0.1 "$CONTAINERD_SOCK" \
		"$(printf 'tlsCertFile: %s\ntlsPrivateKeyFile: %s' "$PKI/kubelet-serving.crt" "$PKI/kubelet-serving.key")"
	if ! running kubelet; then
		need_port kubelet 10250
		# A node left registered by an earlier start would look Ready before this kubelet reports.
		kube_delete /api/v1/nodes/localhost
	fi
	launch kubelet "$BIN/kubelet" --config "$STATE/kubelet-config.yaml" --kubeconfig "$STATE/kubelet.kubeconfig" \
		--hostname-override localhost --root-dir "$STATE/kubelet"
	wait_port kubelet "$PIDS/kubelet.pid" 10250
}

# wait_node_ready NODE... waits for the nodes to be Ready and the default ServiceAccount to exist.
wait_node_ready() {
	local n
	for n in "$@"; do
		wait_for "node $n Ready" 120 node_ready "$n"
	done
	wait_for "default ServiceAccount" 60 kube_get /api/v1/namespaces/default/serviceaccounts/default
}

# node_ready NODE reports whether the node's Ready condition is True.
node_ready() {
	kube_get "/api/v1/nodes/$1" | tr -d ' \n' | grep -q '"type":"Ready","status":"True"'
}

# kube_get PATH GETs PATH from the API server as the admin.
kube_get() {
	curl -sf --max-time 5 --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" \
		"https://$APISERVER_ADDR:$APISERVER_PORT$1"
}

# kube_delete PATH deletes PATH's object as the admin, if the API server answers.
kube_delete() {
	curl -s -o /dev/null --max-time 5 -X DELETE --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" \
		--key "$PKI/admin.key" "https://$APISERVER_ADDR:$APISERVER_PORT$1" || true
}

# kube_create PATH JSON creates an object as the admin; one that exists already is left as it is.
kube_create() {
	local code
	code="$(curl -s -o "$LOGS/create.out" -w '%{http_code}' --max-time 10 -X POST -H 'Content-Type: application/json' \
		--cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" \
		--data-binary "$2" "https://$APISERVER_ADDR:$APISERVER_PORT$1")"
	case "$code" in
	200 | 201 | 202 | 409) ;;
	*) die "creating $1 failed ($code): $(cat "$LOGS/create.out")" ;;
	esac
}

# wait_for WHAT SECONDS CMD... retries CMD until it succeeds, or fails naming WHAT and the log.
wait_for() {
	local what="$1" secs="$2" i
	shift 2
	for ((i = 0; i < secs * 4; i++)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.25
	done
	die "$what not ready after ${secs}s (logs in $STATE)"
}

# cluster_status prints each process's state; it succeeds only when the API server is ready.
cluster_status() {
	local p
	if [ "$NODES" = 0 ]; then
		for p in "${PROCESSES[@]}"; do status_line "$PIDS" "$p"; done
	else
		for p in "${CONTROL_PLANE[@]}"; do status_line "$PIDS" "$p"; done
		nodes_status
	fi
	kube_get /readyz >/dev/null 2>&1 || { echo "api server not ready"; return 1; }
	echo "api server ready at https://$APISERVER_ADDR:$APISERVER_PORT"
}

# status_line DIR NAME prints whether the process DIR/NAME.pid names runs.
status_line() {
	if running_in "$1" "$2"; then echo "$2 running (pid $(cat "$1/$2.pid"))"; else echo "$2 stopped"; fi
}

# stop_all stops what start started, in reverse order.
stop_all() {
	if [ "$NODES" != 0 ]; then
		stop_nodes_cluster
		return 0
	fi
	stop_in "$PIDS" kubelet
	remove_pods "$CONTAINERD_SOCK" containerd "$PIDS"
	stop_control_plane
	stop_in "$PIDS" containerd
	unmount_under "$STATE"
	# The pods' bridge, made by the CNI plugin for this cluster only.
	ip link delete swh-k8s0 2>/dev/null || true
}

# stop_control_plane stops the scheduler, the controller manager, the API server and etcd.
stop_control_plane() {
	local i
	for ((i = ${#CONTROL_PLANE[@]} - 1; i >= 0; i--)); do stop_in "$PIDS" "${CONTROL_PLANE[i]}"; done
}

# unmount_under DIR unmounts what the kubelets, containerds and volume mounts left under DIR.
unmount_under() {
	local m
	for m in $(findmnt -rn -o TARGET | grep "^$1/" | sort -r); do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
	done
}

# stop_in DIR NAME sends SIGTERM to DIR/NAME.pid's process (if it is still that program), then
# SIGKILL after 10 s.
stop_in() {
	local dir="$1" name="$2" pid i
	if ! running_in "$dir" "$name"; then
		rm -f "$dir/$name.pid"
		return 0
	fi
	pid="$(cat "$dir/$name.pid")"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 40; i++)); do
		running_in "$dir" "$name" || break
		sleep 0.25
	done
	running_in "$dir" "$name" && kill -KILL "$pid" 2>/dev/null || true
	rm -f "$dir/$name.pid"
	log "stopped $name"
}

# remove_pods SOCK NAME DIR stops and removes every pod sandbox the containerd of DIR/NAME.pid runs
# (their shims are children of containerd's runtime, not of this script), through its own API.
remove_pods() {
	local sock="$1" c
	running_in "$3" "$2" || return 0
	for c in $(ctr -a "$sock" -n k8s.io tasks ls -q 2>/dev/null); do
		ctr -a "$sock" -n k8s.io tasks kill -s SIGKILL "$c" >/dev/null 2>&1 || true
	done
	sleep 1
	for c in $(ctr -a "$sock" -n k8s.io tasks ls -q 2>/dev/null); do
		ctr -a "$sock" -n k8s.io tasks delete -f "$c" >/dev/null 2>&1 || true
	done
	for c in $(ctr -a "$sock" -n k8s.io containers ls -q 2>/dev/null); do
		ctr -a "$sock" -n k8s.io containers delete "$c" >/dev/null 2>&1 || true
	done
}
