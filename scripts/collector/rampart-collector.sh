#!/usr/bin/env bash
# Rampart endpoint collector for Linux and macOS hosts without osquery.
# Gathers the host's inventory (OS, packages, users, listening ports, disk encryption, firewall, automatic updates)
# and posts it to Rampart with an API token scoped `endpoints:write`. Read-only on the host; root is not required
# (without it, the firewall state may read as unknown).
#
#   RAMPART_URL=https://rampart.example.com RAMPART_TOKEN=rmp_... ./rampart-collector.sh
#   ./rampart-collector.sh --print      # print the JSON instead of sending it
set -euo pipefail

print_only=0
[ "${1:-}" = "--print" ] && print_only=1

# JSON string escaping: backslash, quote and control characters.
esc() { printf '%s' "$1" | awk 'BEGIN{ORS=""} {gsub(/\\/,"\\\\"); gsub(/"/,"\\\""); gsub(/\t/,"\\t"); gsub(/\r/,""); gsub(/[\001-\037]/,""); if (NR>1) print "\\n"; print}'; }
str() { if [ -z "$1" ]; then printf 'null'; else printf '"%s"' "$(esc "$1")"; fi; }

os_kind=$(uname -s)
host_name=$(hostname 2>/dev/null || uname -n)
if [ -r /etc/machine-id ]; then host_id=$(cat /etc/machine-id)
elif [ "$os_kind" = Darwin ]; then host_id=$(ioreg -rd1 -c IOPlatformExpertDevice | awk -F'"' '/IOPlatformUUID/{print $4}')
else host_id=$host_name; fi

packages=""
# "name<TAB>version" lines on stdin → comma-joined JSON objects of one source, in one awk pass.
pkgjson() {
  awk -F'\t' -v src="$1" 'function e(s){gsub(/\\/,"\\\\",s); gsub(/"/,"\\\"",s); gsub(/[\001-\037]/,"",s); return s}
    $1 != "" && $2 != "" {printf "%s{\"name\":\"%s\",\"version\":\"%s\",\"source\":\"%s\"}", (n++ ? "," : ""), e($1), e($2), src}'
}
add_pkgs() { local more; more=$(pkgjson "$1"); [ -n "$more" ] && packages="${packages}${packages:+,}${more}"; return 0; }

if [ "$os_kind" = Darwin ]; then
  platform=darwin
  os_name="macOS"
  os_version=$(sw_vers -productVersion)
  add_pkgs apps < <(
    for app in /Applications/*.app; do
      v=$(defaults read "$app/Contents/Info" CFBundleShortVersionString 2>/dev/null || true)
      printf '%s\t%s\n' "$(basename "$app" .app)" "$v"
    done)
  disk=$(fdesetup status 2>/dev/null | grep -q "FileVault is On" && echo true || echo false)
  fw=$( (/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate 2>/dev/null | grep -q enabled) && echo true || echo false)
  au=$( (defaults read /Library/Preferences/com.apple.SoftwareUpdate AutomaticCheckEnabled 2>/dev/null | grep -q 1) && echo true || echo false)
else
  platform=linux
  if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    os_name=$(. /etc/os-release && printf '%s' "${NAME:-Linux}")
    os_version=$(. /etc/os-release && printf '%s' "${VERSION_ID:-}")
  else os_name=Linux; os_version=$(uname -r); fi
  if command -v dpkg-query >/dev/null 2>&1; then
    add_pkgs deb < <(dpkg-query -W -f='${Package}\t${Version}\t${Status}\n' 2>/dev/null | awk -F'\t' '$3 ~ / installed$/ {print $1 "\t" $2}')
  fi
  if command -v rpm >/dev/null 2>&1 && ! command -v dpkg-query >/dev/null 2>&1; then
    add_pkgs rpm < <(rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\n' 2>/dev/null)
  fi
  if command -v apk >/dev/null 2>&1; then
    # "name-1.2.3-r0": the version is the last two dash-separated fields.
    add_pkgs apk < <(apk info -v 2>/dev/null | awk '{n=split($1,a,"-"); if (n<3) next; v=a[n-1] "-" a[n]; name=substr($1,1,length($1)-length(v)-1); print name "\t" v}')
  fi
  disk=false
  if command -v lsblk >/dev/null 2>&1 && lsblk -rno TYPE 2>/dev/null | grep -qx crypt; then disk=true; fi
  fw=null
  if command -v iptables >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    fw=$( (iptables -S INPUT 2>/dev/null | head -1 | grep -q -- "-P INPUT DROP") && echo true || echo false)
  fi
  au=null
  if command -v dpkg-query >/dev/null 2>&1; then
    au=$( (dpkg-query -W -f='${Status}' unattended-upgrades 2>/dev/null | grep -q " installed") && echo true || echo false)
  fi
fi

users=""
while IFS=: read -r name _ uid _; do
  case "$uid" in ''|*[!0-9]*) continue ;; esac
  users="${users}${users:+,}{\"name\":$(str "$name"),\"uid\":$uid,\"admin\":$([ "$uid" = 0 ] && echo true || echo false)}"
done < <(if [ "$os_kind" = Darwin ]; then dscl . -list /Users UniqueID | awk '{print $1":x:"$2":"}'; else getent passwd 2>/dev/null || cat /etc/passwd; fi)

ports=""
if command -v ss >/dev/null 2>&1; then
  while read -r proto local; do
    port=${local##*:}; addr=${local%:*}
    case "$port" in ''|*[!0-9]*) continue ;; esac
    ports="${ports}${ports:+,}{\"port\":$port,\"protocol\":\"$proto\",\"address\":$(str "$addr")}"
  done < <(ss -Hltnu 2>/dev/null | awk '{print $1, $5}')
fi

body=$(printf '{"hostId":%s,"hostname":%s,"platform":"%s","os":{"name":%s,"version":%s},"packages":[%s],"users":[%s],"listeningPorts":%s,"diskEncryption":%s,"firewall":%s,"screenLock":null,"autoUpdate":%s,"agentVersion":"rampart-collector/1"}' \
  "$(str "$host_id")" "$(str "$host_name")" "$platform" "$(str "$os_name")" "$(str "$os_version")" \
  "$packages" "$users" "$([ -n "$ports" ] && printf '[%s]' "$ports" || printf 'null')" "$disk" "$fw" "$au")

if [ "$print_only" = 1 ]; then printf '%s\n' "$body"; exit 0; fi
: "${RAMPART_URL:?Set RAMPART_URL to your Rampart address}"
: "${RAMPART_TOKEN:?Set RAMPART_TOKEN to an API token with the endpoints:write scope}"
printf '%s' "$body" | curl --fail-with-body --silent --show-error \
  -H "Authorization: Bearer $RAMPART_TOKEN" -H "Content-Type: application/json" \
  --data-binary @- "${RAMPART_URL%/}/api/endpoints/inventory"
echo
