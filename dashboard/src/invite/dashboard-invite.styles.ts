/** `<dashboard-invite>`'s styles: the shared card (styles/card.styles.ts). */
import { baseStyles } from "../styles/base.styles";
import { cardStyles } from "../styles/card.styles";

export const inviteStyles = [baseStyles, cardStyles];
