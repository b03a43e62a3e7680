# Rampart endpoint collector for Windows hosts without osquery.
# Gathers the host's inventory (OS, installed programs, local users, listening ports, BitLocker, firewall, screen
# lock, automatic updates) and posts it to Rampart with an API token scoped `endpoints:write`. Read-only; run as an
# administrator for BitLocker's state (otherwise it is reported as unknown).
#
#   $env:RAMPART_URL = "https://rampart.example.com"; $env:RAMPART_TOKEN = "rmp_..."; .\rampart-collector.ps1
#   .\rampart-collector.ps1 -Print      # print the JSON instead of sending it
param([switch]$Print)
$ErrorActionPreference = "Stop"

$os = Get-CimInstance Win32_OperatingSystem
$machineId = (Get-CimInstance Win32_ComputerSystemProduct).UUID

$keys = @(
  "HKLM:\Software\Microsoft\Windows\CurrentVersion\Uninstall\*",
  "HKLM:\Software\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\*"
)
$packages = @(Get-ItemProperty $keys -ErrorAction SilentlyContinue |
  Where-Object { $_.DisplayName -and $_.DisplayVersion } |
  Sort-Object DisplayName, DisplayVersion -Unique |
  ForEach-Object { @{ name = [string]$_.DisplayName; version = [string]$_.DisplayVersion; source = "programs" } })

$admins = @()
try { $admins = @(Get-LocalGroupMember -SID "S-1-5-32-544" | ForEach-Object { ($_.Name -split "\\")[-1] }) } catch { }
$users = @(Get-LocalUser | Where-Object Enabled | ForEach-Object {
  @{ name = $_.Name; uid = $null; admin = [bool]($admins -contains $_.Name) } })

$ports = @(Get-NetTCPConnection -State Listen -ErrorAction SilentlyContinue | ForEach-Object {
  @{ port = [int]$_.LocalPort; protocol = "tcp"; address = [string]$_.LocalAddress; process = (Get-Process -Id $_.OwningProcess -ErrorAction SilentlyContinue).ProcessName } })

$bitlocker = $null
try { $bitlocker = ((Get-BitLockerVolume -MountPoint "C:").ProtectionStatus -eq "On") } catch { }
$firewall = $null
try { $firewall = -not (Get-NetFirewallProfile | Where-Object { -not $_.Enabled }) } catch { }
$timeout = (Get-ItemProperty "HKLM:\Software\Microsoft\Windows\CurrentVersion\Policies\System" -ErrorAction SilentlyContinue).InactivityTimeoutSecs
$screenLock = if ($null -eq $timeout) { $null } else { ($timeout -gt 0 -and $timeout -le 900) }
$noAuto = (Get-ItemProperty "HKLM:\Software\Policies\Microsoft\Windows\WindowsUpdate\AU" -ErrorAction SilentlyContinue).NoAutoUpdate
$autoUpdate = -not ($noAuto -eq 1)

$body = [ordered]@{
  hostId = [string]$machineId
  hostname = $env:COMPUTERNAME
  platform = "windows"
  os = @{ name = [string]$os.Caption; version = [string]$os.Version }
  packages = $packages
  users = $users
  listeningPorts = $ports
  diskEncryption = $bitlocker
  firewall = $firewall
  screenLock = $screenLock
  autoUpdate = $autoUpdate
  agentVersion = "rampart-collector/1"
} | ConvertTo-Json -Depth 5 -Compress

if ($Print) { $body; exit 0 }
if (-not $env:RAMPART_URL) { throw "Set RAMPART_URL to your Rampart address" }
if (-not $env:RAMPART_TOKEN) { throw "Set RAMPART_TOKEN to an API token with the endpoints:write scope" }
Invoke-RestMethod -Method Post -Uri ($env:RAMPART_URL.TrimEnd("/") + "/api/endpoints/inventory") `
  -Headers @{ Authorization = "Bearer $env:RAMPART_TOKEN" } -ContentType "application/json" `
  -Body ([System.Text.Encoding]::UTF8.GetBytes($body))
