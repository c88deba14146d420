# Sourced by scripts/k8s.sh: the cluster's certificates (openssl) and kubeconfigs.

PKI="$STATE/pki"

# make_certs writes a CA, the API server's serving cert, one client cert per component, the kubelet's
# serving cert and the service-account key pair, unless they exist.
make_certs() {
	[ -f "$PKI/done" ] && return 0
	mkdir -p "$PKI"
	log "making certificates in $PKI"
	openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=swarmhost-k8s-ca" \
		-keyout "$PKI/ca.key" -out "$PKI/ca.crt" 2>/dev/null
	local sans="IP:127.0.0.1,IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default"
	sans+=",DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
	[ "$APISERVER_ADDR" = 127.0.0.1 ] || sans+=",IP:$APISERVER_ADDR"
	sign_cert apiserver "/CN=kube-apiserver" "$sans" serverAuth
	sign_cert kubelet-serving "/CN=localhost" "DNS:localhost,IP:127.0.0.1" serverAuth
	sign_cert admin "/O=system:masters/CN=swarmhost-admin" "" clientAuth
	sign_cert apiserver-kubelet "/O=system:masters/CN=kube-apiserver-kubelet-client" "" clientAuth
	sign_cert controller-manager "/CN=system:kube-controller-manager" "" clientAuth
	sign_cert scheduler "/CN=system:kube-scheduler" "" clientAuth
	sign_cert kubelet "/O=system:nodes/CN=system:node:localhost" "" clientAuth
	# A user with no rights at all, for the tests of a forbidden namespace.
	sign_cert nobody "/CN=swarmhost-nobody" "" clientAuth
	openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null
	openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
	touch "$PKI/done"
}

# sign_cert NAME SUBJECT SANS USAGE writes NAME.key and NAME.crt signed by the CA.
sign_cert() {
	local name="$1" subj="$2" sans="$3" usage="$4" ext="$PKI/$1.ext"
	{
		echo "basicConstraints=CA:FALSE"
		echo "keyUsage=digitalSignature,keyEncipherment"
		echo "extendedKeyUsage=$usage"
		[ -z "$sans" ] || echo "subjectAltName=$sans"
	} >"$ext"
	openssl req -newkey rsa:2048 -nodes -subj "$subj" -keyout "$PKI/$name.key" -out "$PKI/$name.csr" 2>/dev/null
	openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial \
		-days 3650 -extfile "$ext" -out "$PKI/$name.crt" 2>/dev/null
	rm -f "$PKI/$name.csr" "$ext"
}

# node_certs NODE IP writes a node's kubelet certificates, unless they exist: its client cert as
# system:node:NODE (the Node authorizer's identity) and its serving cert for NODE and IP.
node_certs() {
	[ -f "$PKI/kubelet-$1.crt" ] && [ -f "$PKI/kubelet-serving-$1.crt" ] && return 0
	sign_cert "kubelet-$1" "/O=system:nodes/CN=system:node:$1" "" clientAuth
	sign_cert "kubelet-serving-$1" "/CN=$1" "DNS:$1,IP:$2" serverAuth
}

# write_kubeconfig FILE CERTNAME writes a kubeconfig for the client cert CERTNAME.
write_kubeconfig() {
	cat >"$1" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: swarmhost
  cluster:
    server: https://$APISERVER_ADDR:$APISERVER_PORT
    certificate-authority: $PKI/ca.crt
users:
- name: $2
  user:
    client-certificate: $PKI/$2.crt
    client-key: $PKI/$2.key
contexts:
- name: swarmhost
  context:
    cluster: swarmhost
    user: $2
current-context: swarmhost
KUBECONFIG
}
