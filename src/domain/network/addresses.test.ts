import { describe, expect, test } from "bun:test";
import { ipLiteralOf, isPublicAddress, parseIPv6 } from "./addresses.ts";

describe("isPublicAddress (issue 23 item 11)", () => {
  test("refuses every loopback, private, shared, link-local, multicast and reserved IPv4 range, on both edges", () => {
    for (const ip of [
      "0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.0", "100.127.255.255", "127.0.0.1", "127.255.255.254",
      "169.254.169.254", "169.254.0.0", "172.16.0.0", "172.31.255.255", "192.168.0.1", "192.168.255.255", "192.0.0.8", "192.0.2.1",
      "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.255", "240.0.0.1", "255.255.255.255",
    ]) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
  });

  test("lets public IPv4 through, including the neighbours of each refused range", () => {
    for (const ip of ["1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0", "223.255.255.255", "93.184.216.34"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    }
  });

  test("IPv6: loopback, unspecified, link-local, unique-local, multicast, documentation and every IPv4-carrying form of a private address are refused", () => {
    for (const ip of [
      "::1", "::", "[::1]", "0:0:0:0:0:0:0:1", "fe80::1", "fe80::1%eth0", "febf::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1",
      "2001::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::10.0.0.1",
      "64:ff9b::a9fe:a9fe", "2002:7f00:1::1", "2002:c0a8:101::1", "::ffff:0:0",
    ]) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
  });

  test("IPv6 global unicast and mapped public IPv4 pass", () => {
    for (const ip of ["2606:4700:4700::1111", "2a00:1450:4001:81b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    }
  });

  test("anything that is not an address is not public", () => {
    for (const text of ["", "localhost", "example.com", "1.2.3", "1.2.3.256", "01.2.3.4x", "1::2::3", "12345::1", "1:2:3:4:5:6:7:8:9"]) {
      expect([text, isPublicAddress(text)]).toEqual([text, false]);
    }
  });

  test("parses IPv6 with :: and IPv4 tails; finds IP literals in URL hostnames", () => {
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipLiteralOf(new URL("http://[::1]:80/").hostname)).toBe("::1");
    expect(ipLiteralOf(new URL("http://0x7f.1/").hostname)).toBe("127.0.0.1");
    expect(ipLiteralOf("example.com")).toBeNull();
  });
});
