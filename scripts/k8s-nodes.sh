# Sourced by scripts/k8s.sh: a control plane and N nodes on this machine, each node in its own
# network namespace with its own node IP, containerd, kubelet and volume plugin.
#
# The network: a bridge swh-TAG on this machine holds 10.NET.0.1 (the API server's address); node i
# is a namespace swh-TAG-i whose eth0 (a veth on the bridge) holds 10.NET.0.(10+i); its pods get
# 10.NET.(i+1).0/24 on the node's CNI bridge, and every node routes each other node's pod range to
# that node, so pods reach each other across nodes (and nothing outside the cluster: no default
# route). Each node's processes run in a cgroup of their own (cgroup v2), so that node-stop kills a
# node's every process at once, as a power cut would, and stop leaves nothing of a node behind.

# node_name I, node_ip I, node_ns I, node_dir I describe node I.
node_name() { echo "${INSTANCE:-node}-$1"; }
node_ip() { echo "10.$NET.0.$((10 + $1))"; }
node_ns() { echo "swh-$NET_TAG-$1"; }
node_dir() { echo "$STATE/nodes/$(node_name "$1")"; }

# node_names prints every node's name.
node_names() {
	local i
	for ((i = 0; i < NODES; i++)); do node_name "$i"; done
}

# node_index NAME prints the index of the node NAME.
node_index() {
	local i
	for ((i = 0; i < NODES; i++)); do
		[ "$(node_name "$i")" != "$1" ] || { echo "$i"; return 0; }
	done
	die "no node $1 (nodes: $(node_names | tr '\n' ' '))"
}

# cgroup2_root prints where the cgroup v2 hierarchy is mounted (alone, or beside v1's as "unified").
cgroup2_root() {
	local d
	for d in /sys/fs/cgroup /sys/fs/cgroup/unified; do
		[ "$(stat -f -c %T "$d" 2>/dev/null)" = cgroup2fs ] && { echo "$d"; return 0; }
	done
	die "no cgroup v2 hierarchy mounted (needed to stop a node's processes together)"
}

# node_cgroup I prints (and makes) node I's cgroup v2 directory.
node_cgroup() {
	local cg
	cg="$(cgroup2_root)/swarmhost-k8s-$NET_TAG/$(node_name "$1")"
	mkdir -p "$cg"
	echo "$cg"
}

# kubelet_cgroup_root I is node I's kubelet's cgroupRoot (its pods' cgroups go under it), made in
# every cgroup v1 hierarchy so that the kubelet finds it.
kubelet_cgroup_root() {
	local root="/swarmhost-$NET_TAG-$1" d
	for d in /sys/fs/cgroup/*/; do
		d="${d%/}"
		[ "$(stat -f -c %T "$d" 2>/dev/null)" = cgroupfs ] || continue
		mkdir -p "$d$root"
		if [ -f "$d/cpuset.cpus" ]; then
			[ -n "$(cat "$d$root/cpuset.cpus")" ] || cat "$d/cpuset.cpus" >"$d$root/cpuset.cpus"
			[ -n "$(cat "$d$root/cpuset.mems")" ] || cat "$d/cpuset.mems" >"$d$root/cpuset.mems"
		fi
	done
	echo "$root"
}

# node_launch I NAME CMD... starts CMD on node I: in its network namespace and its cgroup, logging to
# the node's logs/NAME.log, its pid in the node's pids/NAME.pid.
node_launch() {
	local i="$1" name="$2" nd
	shift 2
	nd="$(node_dir "$i")"
	mkdir -p "$nd/pids" "$nd/logs"
	running_in "$nd/pids" "$name" && return 0
	# sh joins the cgroup, then nsenter and CMD replace it: the pid recorded is CMD's.
	nohup sh -c 'echo $$ >"$1/cgroup.procs" || exit 1; ns="$2"; shift 2; exec nsenter --net="$ns" "$@"' \
		sh "$(node_cgroup "$i")" "/run/netns/$(node_ns "$i")" "$@" >"$nd/logs/$name.log" 2>&1 &
	echo $! >"$nd/pids/$name.pid"
	log "started $name on $(node_name "$i") (pid $!)"
}

# start_nodes_cluster starts what is not running of the control plane and the nodes, and waits for
# every node to be Ready and the volume to be served.
start_nodes_cluster() {
	mkdir -p "$STATE" "$PIDS" "$LOGS"
	need_node_tools
	make_certs
	write_kubeconfigs
	local i
	for ((i = 0; i < NODES; i++)); do
		node_certs "$(node_name "$i")" "$(node_ip "$i")"
		mkdir -p "$(node_dir "$i")"
		write_kubeconfig "$(node_dir "$i")/kubelet.kubeconfig" "kubelet-$(node_name "$i")"
	done
	net_up
	volume_keys
	build_volume_plugin
	for ((i = 0; i < NODES; i++)); do
		# A node stopped (node-stop, or killed with this machine's processes) left its pods' mounts,
		# sshfs ones dead: nothing of the node runs to use them.
		running_in "$(node_dir "$i")/pids" containerd || running_in "$(node_dir "$i")/pids" kubelet ||
			unmount_under "$(node_dir "$i")"
		start_containerd containerd "$(node_dir "$i")/containerd" "swarmhost-$(node_name "$i")" cni0 \
			"10.$NET.$((i + 1)).0/24" true "$i"
	done
	make_images
	sftp_image
	start_control_plane
	for ((i = 0; i < NODES; i++)); do
		start_volume_plugin "$i"
		start_node_kubelet "$i"
	done
	# shellcheck disable=SC2046
	wait_node_ready $(node_names)
	start_volume
	log "cluster of $NODES nodes ready: export KUBECONFIG=$STATE/kubeconfig"
}

# need_node_tools checks for what nodes in namespaces need besides the single node's tools.
need_node_tools() {
	local t
	for t in ip nsenter ss sshfs ssh-keygen; do
		command -v "$t" >/dev/null || {
			[ "$(id -u)" = 0 ] || die "missing $t: as root, apt-get install iproute2 util-linux sshfs openssh-client"
			log "installing sshfs and openssh-client"
			apt-get update -qq >/dev/null
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sshfs openssh-client iproute2 >/dev/null ||
				die "apt-get install sshfs openssh-client iproute2 failed"
			break
		}
	done
	[ -e /dev/fuse ] || die "no /dev/fuse: the volume's sshfs mounts need FUSE"
}

# net_up makes the bridge, each node's namespace, veth, address and routes (what exists is kept).
net_up() {
	local br="swh-$NET_TAG" i j ns
	if ! ip link show "$br" >/dev/null 2>&1; then
		ip link add "$br" type bridge
		ip addr add "$APISERVER_ADDR/24" dev "$br"
	fi
	ip link set "$br" up
	for ((i = 0; i < NODES; i++)); do
		ns="$(node_ns "$i")"
		[ -e "/run/netns/$ns" ] || ip netns add "$ns"
		if ! ip link show "$ns" >/dev/null 2>&1; then
			ip link add "$ns" type veth peer name eth0 netns "$ns"
			ip -n "$ns" addr add "$(node_ip "$i")/24" dev eth0
		fi
		ip link set "$ns" master "$br" up
		ip -n "$ns" link set lo up
		ip -n "$ns" link set eth0 up
		ip netns exec "$ns" sysctl -qw net.ipv4.ip_forward=1
		for ((j = 0; j < NODES; j++)); do
			[ "$j" = "$i" ] || ip -n "$ns" route replace "10.$NET.$((j + 1)).0/24" via "$(node_ip "$j")"
		done
	done
}

# start_node_kubelet starts node I's kubelet: serving on the node IP, its pods' cgroups under a root
# of its own, its pods' logs in its own directory, its lease renewed every 3 s.
start_node_kubelet() {
	local i="$1" name nd root
	name="$(node_name "$i")" nd="$(node_dir "$i")"
	root="$(kubelet_cgroup_root "$i")"
	kubelet_config "$nd/kubelet-config.yaml" "$(node_ip "$i")" "$nd/containerd/containerd.sock" "$(
		cat <<YAML
tlsCertFile: $PKI/kubelet-serving-$name.crt
tlsPrivateKeyFile: $PKI/kubelet-serving-$name.key
cgroupRoot: $root
podLogsDir: $nd/pod-logs
nodeStatusUpdateFrequency: 4s
nodeLeaseDurationSeconds: 12
YAML
	)"
	if ! running_in "$nd/pids" kubelet; then
		need_port kubelet 10250 "$(node_ns "$i")"
		kube_delete "/api/v1/nodes/$name"
	fi
	node_launch "$i" kubelet "$BIN/kubelet" --config "$nd/kubelet-config.yaml" --kubeconfig "$nd/kubelet.kubeconfig" \
		--hostname-override "$name" --node-ip "$(node_ip "$i")" --root-dir "$nd/kubelet"
	wait_port "kubelet on $name" "$nd/pids/kubelet.pid" 10250 "$(node_ns "$i")"
}

# nodes_status prints each node's processes.
nodes_status() {
	local i p nd
	for ((i = 0; i < NODES; i++)); do
		nd="$(node_dir "$i")"
		for p in containerd swarmhost-k8s-volume kubelet; do
			printf '%s: ' "$(node_name "$i")"
			status_line "$nd/pids" "$p"
		done
	done
}

# node_stop NAME kills every process of the node at once, as a power cut would: its cgroup's (the
# kubelet, containerd, the volume plugin, sshfs, the pods' shims) and its pods' containers (which
# runc moves to the kubelet's cgroup root). Its mounts, namespace and files stay; the control plane
# sees the node stop reporting.
node_stop() {
	local i
	i="$(node_index "$1")"
	kill_node "$i"
	log "stopped node $1 (every process of its cgroups killed)"
}

# kill_node I kills every process in node I's cgroups (cgroup v2's cgroup.kill, which takes a whole
# subtree at once) and waits for them to end.
kill_node() {
	local cg
	for cg in "$(cgroup2_root)/swarmhost-k8s-$NET_TAG/$(node_name "$1")" "$(cgroup2_root)/swarmhost-$NET_TAG-$1"; do
		[ -d "$cg" ] || continue
		[ -f "$cg/cgroup.kill" ] || die "$cg has no cgroup.kill (Linux 5.14 or later)"
		cgroup_tree_empty "$cg" && continue
		echo 1 >"$cg/cgroup.kill"
		wait_for "node $(node_name "$1")'s processes to end" 30 cgroup_tree_empty "$cg"
	done
}

# cgroup_tree_empty CG reports whether no process is left in the cgroup CG or below it.
cgroup_tree_empty() { grep -q '^populated 0$' "$1/cgroup.events" 2>/dev/null; }



# stop_nodes_cluster stops the nodes (kubelet, pods, volume plugin, containerd, then whatever else
# their cgroups hold), the control plane, and removes the mounts, namespaces, links and cgroups.
stop_nodes_cluster() {
	local i nd
	for ((i = 0; i < NODES; i++)); do
		nd="$(node_dir "$i")"
		stop_in "$nd/pids" kubelet
		remove_pods "$nd/containerd/containerd.sock" containerd "$nd/pids"
		stop_in "$nd/pids" swarmhost-k8s-volume
		stop_in "$nd/pids" containerd
		kill_node "$i"
	done
	stop_control_plane
	unmount_under "$STATE"
	net_down
	remove_cgroups
}

# net_down removes the nodes' namespaces (their veths and CNI bridges go with them) and the bridge.
net_down() {
	local i
	for ((i = 0; i < NODES; i++)); do
		[ ! -e "/run/netns/$(node_ns "$i")" ] || ip netns delete "$(node_ns "$i")"
	done
	ip link delete "swh-$NET_TAG" 2>/dev/null || true
}

# remove_cgroups removes the nodes' cgroups (v2) and their kubelets' cgroup roots (v1), deepest first.
remove_cgroups() {
	local d i
	d="$(cgroup2_root)/swarmhost-k8s-$NET_TAG"
	[ ! -d "$d" ] || find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true
	for ((i = 0; i < NODES; i++)); do
		for d in /sys/fs/cgroup/*/"swarmhost-$NET_TAG-$i"; do
			[ ! -d "$d" ] || find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true
		done
	done
}
