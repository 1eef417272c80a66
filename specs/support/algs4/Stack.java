package edu.princeton.cs.algs4;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** A last-in first-out stack, with the course's API (stand-in, see README.md). */
public class Stack<Item> implements Iterable<Item> {
    private final ArrayDeque<Item> items = new ArrayDeque<>();

    public Stack() { }
    public boolean isEmpty() { return items.isEmpty(); }
    public int size() { return items.size(); }
    public void push(Item item) { items.push(item); }
    public Item pop() {
        if (items.isEmpty()) throw new NoSuchElementException("Stack underflow");
        return items.pop();
    }
    public Item peek() {
        if (items.isEmpty()) throw new NoSuchElementException("Stack underflow");
        return items.peek();
    }
    public Iterator<Item> iterator() { return items.iterator(); }  // top first, as the course's
    @Override public String toString() {
        StringBuilder s = new StringBuilder();
        for (Item item : this) s.append(item).append(' ');
        return s.toString();
    }
}
