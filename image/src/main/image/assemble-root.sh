#!/usr/bin/env bash
# Assembles the part of the container image that is not Java classes (Jib adds those): a Java runtime made by jlink
# from the JDK that runs the build, the shared libraries that runtime needs, copied from this Debian machine (glibc,
# zlib and whatever else ldd names), an unprivileged user, the topology jar and the jars of a Storm worker's own
# classpath, and the rest of a Storm home for the Supervisors (/opt/topicstorm: lib-worker, log4j2, extlib). No base
# image: nothing has to be pulled from a registry.
#
# usage: assemble-root.sh ROOT JAVA_HOME TOPOLOGY_JAR WORKER_LIB_DIR CLI_JAR
set -euo pipefail

root=$1
java_home=$2
topology_jar=$3
worker_lib=$4
cli_jar=$5
here=$(cd "$(dirname "$0")" && pwd)

# The Java SE modules, plus what Storm, Netty, the ES client, the parser and the command line reach outside them:
# sun.misc (jdk.unsupported), the legacy charsets of pages (GBK, Big5, Shift_JIS, EUC-KR...: jdk.charsets), EC keys
# for TLS, the management beans Storm's metrics read, the DNS name service, the zip file system and the HTTP server
# of the demo and test sites.
modules=java.se,jdk.unsupported,jdk.charsets,jdk.crypto.ec,jdk.management,jdk.naming.dns,jdk.zipfs,jdk.httpserver

for f in "$java_home/bin/jlink" "$topology_jar" "$cli_jar"; do
  [[ -e $f ]] || { echo "assemble-root.sh: $f not found" >&2; exit 1; }
done
[[ -d $worker_lib ]] || { echo "assemble-root.sh: $worker_lib is not a directory" >&2; exit 1; }

rm -rf "$root"
mkdir -p "$root/etc" "$root/tmp" "$root/opt/topicstorm/lib-worker" "$root/opt/topicstorm/log4j2" \
  "$root/opt/topicstorm/extlib"

"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress=2 --output "$root/opt/java"

# Every shared library the runtime's programs and libraries load, outside the runtime itself, copied to the same
# path in the image (the file behind a symbolic link, so that the image needs no links).
copy_lib() {
  local lib=$1
  [[ -e "$root$lib" ]] && return 0
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
}
while IFS= read -r lib; do
  copy_lib "$lib"
done < <(find "$root/opt/java" -type f \( -name '*.so' -o -perm -u+x \) -print0 \
          | xargs -0 ldd 2>/dev/null \
          | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\/lib/ && $2 ~ /^\(/ {print $1}' \
          | grep -v "^$root" | sort -u)
# The dynamic loader, at the path the programs name.
copy_lib /lib64/ld-linux-x86-64.so.2
# Native libraries that jars unpack at run time are linked against glibc libraries the runtime itself does not load:
# RocksDB (Nimbus's metrics store) needs libpthread.so.0, which ldd of the runtime never names. So all of glibc's
# shared libraries go in, as Debian's libc6 package installs them (its name service modules too).
if command -v dpkg >/dev/null; then
  while IFS= read -r lib; do
    [[ -f $lib ]] && copy_lib "$lib"
  done < <(dpkg -L libc6 2>/dev/null | grep -E '^(/usr)?/lib/x86_64-linux-gnu/[^/]+\.so[.0-9]*$' | sort -u)
fi
for lib in /lib/x86_64-linux-gnu/libpthread.so.0 /lib/x86_64-linux-gnu/libdl.so.2 /lib/x86_64-linux-gnu/librt.so.1; do
  [[ -e "$root$lib" ]] || { echo "assemble-root.sh: $lib (glibc) not found on this machine" >&2; exit 1; }
done

# The user the container runs as (uid and gid 10001), and root, for programs that look names up.
cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/sbin/nologin
topicstorm:x:10001:10001:TopicStorm:/tmp:/sbin/nologin
PASSWD
cat > "$root/etc/group" <<'GROUP'
root:x:0:
topicstorm:x:10001:
GROUP
# Host names from /etc/hosts first, then DNS (the container runtime provides both files).
echo "hosts: files dns" > "$root/etc/nsswitch.conf"

cp "$topology_jar" "$root/opt/topicstorm/topicstorm-topology.jar"
cp "$worker_lib"/*.jar "$root/opt/topicstorm/lib-worker/"
# Storm's logging: the daemons' to the console, the workers' the local cluster's file (one copy, in the command line).
cp "$here/log4j2/daemon.xml" "$root/opt/topicstorm/log4j2/daemon.xml"
unpacked=$(mktemp -d)
(cd "$unpacked" && "$java_home/bin/jar" xf "$cli_jar" org/topicstorm/cluster/worker-log4j2.xml)
cp "$unpacked/org/topicstorm/cluster/worker-log4j2.xml" "$root/opt/topicstorm/log4j2/worker.xml"
rm -rf "$unpacked"
