#!/usr/bin/env bash
# Debian packages the product and its tests use: chromium (browser tests, driven by playwright-core; never a
# downloaded browser), flite and espeak-ng (the offline voices), pocketsphinx with its US English model and
# libpocketsphinx3 (the offline speech-to-text, loaded in-process), libspandsp2 (G.722 for SIP calls); for the tests
# and benchmarks also real recorded speech (pocketsphinx-testdata, asterisk-core-sounds-en-wav and -g722), NIST's scorer (sctk), sox, radicale (a CalDAV server), baresip and kamailio (a SIP peer and a SIP proxy), dnsmasq (a DNS server for SRV records). Installs what is missing when run as root. `runtime`: only what `npm start` needs.
set -euo pipefail
need=()
[ "${1:-}" = runtime ] || command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1 || need+=(chromium)
command -v flite >/dev/null 2>&1 || need+=(flite)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v pocketsphinx_continuous >/dev/null 2>&1 || need+=(pocketsphinx)
# The library the resident recognizer loads in-process (koffi); pocketsphinx depends on it, but say it.
case "$(/sbin/ldconfig -p 2>/dev/null)" in *'libpocketsphinx.so.3 '*) ;; *) need+=(libpocketsphinx3) ;; esac
[ -d /usr/share/pocketsphinx/model/en-us ] || need+=(pocketsphinx-en-us)
# G.722 for SIP calls that offer it (audio/g722.ts, loaded in-process; without it calls keep to G.711).
case "$(/sbin/ldconfig -p 2>/dev/null)" in *'libspandsp.so.2 '*) ;; *) need+=(libspandsp2) ;; esac
if [ "${1:-}" != runtime ]; then
  [ -d /usr/share/pocketsphinx/test/data/librivox ] || need+=(pocketsphinx-testdata)
  # Real speech recorded for phone lines: Asterisk's English prompts (the hearing benchmark's phone-prompts set).
  [ -f /usr/share/asterisk/sounds/en_US_f_Allison/hello-world.wav ] || need+=(asterisk-core-sounds-en-wav)
  # The same prompts in G.722 at 16 kHz (their wideband originals, read with libspandsp2).
  [ -f /usr/share/asterisk/sounds/en_US_f_Allison/hello-world.g722 ] || need+=(asterisk-core-sounds-en-g722)
  [ -x /usr/lib/sctk/bin/sclite ] || need+=(sctk)
  command -v sox >/dev/null 2>&1 || need+=(sox)
  # A real CalDAV server for the team-calendar tests (started on loopback by tests/support/radicale.ts).
  command -v radicale >/dev/null 2>&1 || need+=(radicale)
  # A real SIP peer for the SIP trunk tests (started headless on loopback by tests/support/baresip.ts).
  command -v baresip >/dev/null 2>&1 || need+=(baresip-core)
  # A SIP registrar and proxy demanding digest authentication (tests/support/kamailio.ts).
  command -v kamailio >/dev/null 2>&1 || [ -x /usr/sbin/kamailio ] || need+=(kamailio)
  # A DNS server publishing a trunk's SRV records (tests/support/dnsmasq.ts).
  command -v dnsmasq >/dev/null 2>&1 || [ -x /usr/sbin/dnsmasq ] || need+=(dnsmasq-base)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "missing Debian packages: run 'sudo apt-get install -y ${need[*]}' and try again" >&2
  exit 1
fi
echo "== installing from Debian: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
