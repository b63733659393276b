-- The organisation's meeting link (Settings, docs/calendar.md): none, the team's own room, or a host that opens a
-- room per meeting. The agent's bookings take their link from it; without one they have none (no invented link).
alter table org_settings
  add column meeting_link_kind text not null default 'none' check (meeting_link_kind in ('none', 'room', 'on_demand')),
  add column meeting_link_url text;
