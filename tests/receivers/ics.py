"""Reads an iCalendar feed on standard input with PyPI's icalendar and prints what it holds as
JSON: the calendar's name and each event's UID, SEQUENCE, times (UTC, ISO 8601), summary,
location, status and URL. Exits non-zero, saying why, on a feed icalendar refuses or an event
that lacks what RFC 5545 requires of it (UID, DTSTAMP, DTSTART) or whose times are not in UTC."""

import datetime
import json
import sys

import icalendar


def main():
    data = sys.stdin.buffer.read()
    calendar = icalendar.Calendar.from_ical(data)
    if calendar.name != "VCALENDAR":
        sys.exit(f"not a calendar: {calendar.name}")
    for required in ("VERSION", "PRODID"):
        if required not in calendar:
            sys.exit(f"the calendar has no {required}")
    events = []
    for event in calendar.walk("VEVENT"):
        for required in ("UID", "DTSTAMP", "DTSTART"):
            if required not in event:
                sys.exit(f"an event has no {required}: {event.to_ical()!r}")
        times = {}
        for name in ("DTSTAMP", "DTSTART", "DTEND", "LAST-MODIFIED"):
            if name not in event:
                continue
            value = event.decoded(name)
            if not isinstance(value, datetime.datetime) or value.utcoffset() != datetime.timedelta(0):
                sys.exit(f"{name} of {event['UID']} is not a UTC date-time: {value!r}")
            times[name.lower()] = value.isoformat()
        if "DTEND" in event and event.decoded("DTEND") <= event.decoded("DTSTART"):
            sys.exit(f"{event['UID']} ends before it starts")
        events.append({
            "uid": str(event["UID"]),
            "sequence": int(event.get("SEQUENCE", 0)),
            "summary": str(event.get("SUMMARY", "")),
            "location": str(event["LOCATION"]) if "LOCATION" in event else None,
            "status": str(event.get("STATUS", "")),
            "url": str(event.get("URL", "")),
            **times,
        })
    json.dump({"name": str(calendar.get("X-WR-CALNAME", "")), "events": events}, sys.stdout)


if __name__ == "__main__":
    main()
