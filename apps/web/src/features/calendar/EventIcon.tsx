import BusinessCenter from "@mui/icons-material/BusinessCenter";
import Favorite from "@mui/icons-material/Favorite";
import LocalCafe from "@mui/icons-material/LocalCafe";
import Person from "@mui/icons-material/Person";
import Videocam from "@mui/icons-material/Videocam";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import { iconKind } from "./event-display.ts";

const ICONS = { coffee: LocalCafe, person: Person, heart: Favorite, video: Videocam, business: BusinessCenter };

/** The spec's icon kinds, picked from the title. */
export function EventIcon({ title, ...props }: { title: string } & SvgIconProps) {
  const kind = iconKind(title);
  const Icon = ICONS[kind];
  return <Icon data-icon-kind={kind} {...props} />;
}
