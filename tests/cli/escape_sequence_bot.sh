#!/bin/sh
# A process bot that writes terminal escape sequences (a window title, a colour) and a refusal
# of its own to standard error and exits before its hello: the message that quotes them must
# show them escaped.
printf 'boom \033]0;title\007 \033[31mred\r\nsecond line\n' >&2
exit 4
