package edu.princeton.cs.algs4;

import java.awt.Color;
import java.awt.Font;

/**
 * The course's drawing library, with its API and no window (stand-in): a graded run has no
 * display, so every drawing call does nothing, the mouse is never pressed and no key is typed.
 * A submission whose main() or visualizer draws compiles and runs as it would on a headless
 * machine with the course's library, which would fail to open its window instead.
 */
public class StdDraw {
    public static final Color BLACK = Color.BLACK;
    public static final Color BLUE = Color.BLUE;
    public static final Color CYAN = Color.CYAN;
    public static final Color DARK_GRAY = Color.DARK_GRAY;
    public static final Color GRAY = Color.GRAY;
    public static final Color GREEN = Color.GREEN;
    public static final Color LIGHT_GRAY = Color.LIGHT_GRAY;
    public static final Color MAGENTA = Color.MAGENTA;
    public static final Color ORANGE = Color.ORANGE;
    public static final Color PINK = Color.PINK;
    public static final Color RED = Color.RED;
    public static final Color WHITE = Color.WHITE;
    public static final Color YELLOW = Color.YELLOW;
    public static final Color BOOK_BLUE = new Color(9, 90, 166);
    public static final Color BOOK_LIGHT_BLUE = new Color(103, 198, 243);
    public static final Color BOOK_RED = new Color(150, 35, 31);
    public static final Color PRINCETON_ORANGE = new Color(245, 128, 37);

    private static Color penColor = BLACK;
    private static double penRadius = 0.002;
    private static Font font = new Font("SansSerif", Font.PLAIN, 16);

    protected StdDraw() { }  // protected: the pre-2015 library's StdDraw (support/algs4-2014) extends it

    public static void setCanvasSize() { }
    public static void setCanvasSize(int width, int height) { }
    public static void setXscale() { }
    public static void setXscale(double min, double max) { }
    public static void setYscale() { }
    public static void setYscale(double min, double max) { }
    public static void setScale() { }
    public static void setScale(double min, double max) { }
    public static void clear() { }
    public static void clear(Color color) { }
    public static double getPenRadius() { return penRadius; }
    public static void setPenRadius() { penRadius = 0.002; }
    public static void setPenRadius(double radius) { penRadius = radius; }
    public static Color getPenColor() { return penColor; }
    public static void setPenColor() { penColor = BLACK; }
    public static void setPenColor(Color color) { penColor = color; }
    public static void setPenColor(int red, int green, int blue) { penColor = new Color(red, green, blue); }
    public static Font getFont() { return font; }
    public static void setFont() { font = new Font("SansSerif", Font.PLAIN, 16); }
    public static void setFont(Font f) { font = f; }
    public static void line(double x0, double y0, double x1, double y1) { }
    public static void pixel(double x, double y) { }
    public static void point(double x, double y) { }
    public static void circle(double x, double y, double radius) { }
    public static void filledCircle(double x, double y, double radius) { }
    public static void ellipse(double x, double y, double semiMajorAxis, double semiMinorAxis) { }
    public static void filledEllipse(double x, double y, double semiMajorAxis, double semiMinorAxis) { }
    public static void arc(double x, double y, double radius, double angle1, double angle2) { }
    public static void square(double x, double y, double halfLength) { }
    public static void filledSquare(double x, double y, double halfLength) { }
    public static void rectangle(double x, double y, double halfWidth, double halfHeight) { }
    public static void filledRectangle(double x, double y, double halfWidth, double halfHeight) { }
    public static void polygon(double[] x, double[] y) { }
    public static void filledPolygon(double[] x, double[] y) { }
    public static void picture(double x, double y, String filename) { }
    public static void picture(double x, double y, String filename, double degrees) { }
    public static void picture(double x, double y, String filename, double width, double height) { }
    public static void text(double x, double y, String text) { }
    public static void text(double x, double y, String text, double degrees) { }
    public static void textLeft(double x, double y, String text) { }
    public static void textRight(double x, double y, String text) { }
    public static void show() { }
    public static void show(int milliseconds) { }  // the pre-2015 form: show, then pause
    public static void pause(int milliseconds) { }
    public static void enableDoubleBuffering() { }
    public static void disableDoubleBuffering() { }
    public static void save(String filename) { }
    public static boolean isMousePressed() { return false; }
    public static boolean mousePressed() { return false; }
    public static double mouseX() { return 0; }
    public static double mouseY() { return 0; }
    public static boolean hasNextKeyTyped() { return false; }
    public static char nextKeyTyped() { throw new java.util.NoSuchElementException("no key is typed in a graded run"); }
    public static boolean isKeyPressed(int keycode) { return false; }
}
