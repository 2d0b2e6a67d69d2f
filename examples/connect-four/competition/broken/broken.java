/* Connect 4 */
/* An example submission that does not compile: move() returns no column. */
package broken;

import Player.Player;

public class broken implements Player {
    public void init(Boolean color) {}
    public String name() { return "broken"; }
    public int move() { return "four"; }
    public void inform(int i) {}
}
