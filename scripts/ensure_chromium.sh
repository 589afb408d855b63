#!/usr/bin/env bash
# Make sure Debian's headless-capable Chromium, a CJK font and WeasyPrint's Pango libraries are
# installed; print the browser's path on stdout.
#
# The report tests (tests/bot/report/test_report_browser.py) start their own throw-away headless Chromium to
# render the HTML reports; Chinese reports need a CJK font (fonts-noto-cjk), and the PDF renderer
# (WeasyPrint) needs Pango. On a fresh machine (CI) these come from Debian's packages; nothing is
# started here.
set -euo pipefail

CHROMIUM=${SILICONSULT_CHROMIUM:-/usr/bin/chromium}

have_all() {
    [[ -x "$CHROMIUM" ]] && fc-list 2>/dev/null | grep -qi "noto sans cjk" && ldconfig -p 2>/dev/null | grep -q libpangoft2
}

if ! have_all; then
    echo "ensure_chromium: installing Debian's chromium, fonts-noto-cjk and Pango" >&2
    bash "$(dirname "$0")/apt_install.sh" ensure_chromium chromium fonts-noto-cjk libpango-1.0-0 libpangoft2-1.0-0
fi

[[ -x "$CHROMIUM" ]] || { echo "ensure_chromium: no browser at $CHROMIUM" >&2; exit 1; }
echo "$CHROMIUM"
