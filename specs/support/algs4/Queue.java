package edu.princeton.cs.algs4;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** A first-in first-out queue, with the course's API (stand-in, see README.md). */
public class Queue<Item> implements Iterable<Item> {
    private final ArrayDeque<Item> items = new ArrayDeque<>();

    public Queue() { }
    public boolean isEmpty() { return items.isEmpty(); }
    public int size() { return items.size(); }
    public void enqueue(Item item) { items.addLast(item); }
    public Item dequeue() {
        if (items.isEmpty()) throw new NoSuchElementException("Queue underflow");
        return items.removeFirst();
    }
    public Item peek() {
        if (items.isEmpty()) throw new NoSuchElementException("Queue underflow");
        return items.peekFirst();
    }
    public Iterator<Item> iterator() { return items.iterator(); }
    @Override public String toString() {
        StringBuilder s = new StringBuilder();
        for (Item item : this) s.append(item).append(' ');
        return s.toString();
    }
}
