/** Where React Router's scroll restoration keeps the positions it saves, per history entry. */
export const scrollPositionsKey = "react-router-scroll-positions";
