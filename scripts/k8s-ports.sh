# Sourced by scripts/k8s.sh: the cluster's layout (how many nodes, their network, the ports) and the
# checks that every port the cluster uses is one it bound itself.

LAYOUT="$STATE/layout.env"

# load_layout sets the layout: the one a start of a cluster of nodes recorded, else the default
# single node on loopback (ports from the environment or the usual ones).
load_layout() {
	NODES=0 NET="" APISERVER_ADDR=127.0.0.1
	APISERVER_PORT="${SWARMHOST_K8S_APISERVER_PORT:-6443}"
	ETCD_PORT="${SWARMHOST_K8S_ETCD_PORT:-23790}"
	[ -f "$LAYOUT" ] && . "$LAYOUT"
	ETCD_PEER_PORT=$((ETCD_PORT + 1))
	NET_TAG="${INSTANCE:-k8s}"
}

# choose_layout fixes the layout at a cluster's first start: NODES 0 is the single loopback node
# (the default instance's default), N >= 1 network-namespace nodes (a named instance's default is
# one), with a free /16 of 10.0.0.0/8 for their network and free ports, recorded in $LAYOUT and
# kept until the state directory is removed.
choose_layout() {
	local want="$1"
	if [ -f "$LAYOUT" ]; then
		[ -z "$want" ] || [ "$want" = "$NODES" ] ||
			die "this cluster ($STATE) has $NODES nodes; stop it and remove $STATE to start one of $want"
		return 0
	fi
	[ -n "$want" ] || { [ -n "$INSTANCE" ] && want=1; } || want=0
	[ "$want" != 0 ] || return 0
	[ ! -f "$STATE/pids/kube-apiserver.pid" ] ||
		die "$STATE holds a single-node cluster; use another --instance for a cluster of nodes"
	mkdir -p "$STATE"
	local net etcd api
	net="$(free_net)" || die "no free 10.N.0.0/16 (N from 200 to 239) for the nodes' network"
	etcd="$(free_port 32379 "")"
	api="$(free_port 36443 "$etcd $((etcd + 1))")"
	[ "$api" != "$((etcd + 1))" ] || api="$(free_port $((api + 1)) "$etcd $((etcd + 1))")"
	cat >"$LAYOUT" <<ENV
# The layout of this cluster, chosen at its first start (scripts/k8s-ports.sh).
NODES=$want
NET=$net
APISERVER_ADDR=10.$net.0.1
APISERVER_PORT=$api
ETCD_PORT=$etcd
ENV
	load_layout
	log "layout: $NODES nodes on 10.$NET.0.0/16, API server $APISERVER_ADDR:$APISERVER_PORT, etcd 127.0.0.1:$ETCD_PORT"
}

# free_net prints an N such that nothing on this machine (addresses, routes, other instances'
# layouts) uses 10.N.0.0/16.
free_net() {
	local n used
	used="$(ip -4 -o addr show; ip -4 route show table all; cat /tmp/swarmhost-k8s*/layout.env 2>/dev/null || true)"
	for ((n = 200; n < 240; n++)); do
		grep -qE "(^|[^0-9])10\.$n\.|^NET=$n\$" <<<"$used" || { echo "$n"; return 0; }
	done
	return 1
}

# free_port FROM TAKEN prints the first port from FROM that no socket on this machine uses and that
# is not in the list TAKEN.
free_port() {
	local p="$1" taken=" $2 "
	for ((; p < $1 + 1000; p++)); do
		[[ "$taken" == *" $p "* ]] && continue
		port_in_use "$p" "" || { echo "$p"; return 0; }
	done
	die "no free port from $1"
}

# in_ns NETNS CMD... runs CMD in the network namespace NETNS, or here when NETNS is empty.
in_ns() {
	local ns="$1"
	shift
	if [ -n "$ns" ]; then ip netns exec "$ns" "$@"; else "$@"; fi
}

# port_in_use PORT NETNS reports whether any TCP socket in NETNS is bound to PORT.
port_in_use() {
	[ -n "$(in_ns "$2" ss -Htan "( sport = :$1 )" 2>/dev/null)" ]
}

# port_listeners PORT NETNS prints the pids listening on PORT in NETNS.
port_listeners() {
	{ in_ns "$2" ss -Htlnp "( sport = :$1 )" 2>/dev/null || true; } | { grep -o 'pid=[0-9]*' || true; } | cut -d= -f2 | sort -u
}

# need_port NAME PORT NETNS refuses to start NAME on PORT when something else holds it.
need_port() {
	local name="$1" port="$2" ns="${3:-}" who
	port_in_use "$port" "$ns" || return 0
	who="$(port_listeners "$port" "$ns" | while read -r p; do printf ', pid %s (%s)' "$p" "$(cat "/proc/$p/comm" 2>/dev/null)"; done)"
	die "port $port${ns:+ (network namespace $ns)} is in use${who:+ by${who#,}}: not starting $name" \
		"(choose another port, or stop what holds it)"
}

# wait_port NAME PIDFILE PORT NETNS waits until the process of PIDFILE listens on PORT, and fails when
# another process does (or none does in time): a cluster never talks to a server it did not start.
wait_port() {
	local name="$1" pidfile="$2" port="$3" ns="${4:-}" pid i who
	pid="$(cat "$pidfile")"
	for ((i = 0; i < 360; i++)); do
		who="$(port_listeners "$port" "$ns")"
		if grep -qx "$pid" <<<"$who"; then return 0; fi
		[ -z "$who" ] || die "$name: port $port is held by pid $(echo "$who" | tr '\n' ' ')not by $name (pid $pid)"
		[ -d "/proc/$pid" ] || die "$name (pid $pid) exited before listening on port $port (logs in $(dirname "$(dirname "$pidfile")")/logs)"
		sleep 0.25
	done
	die "$name (pid $pid) not listening on port $port after 90s"
}
