!mod$ v1 sum:51a1c67cea68a70f
module save_in_teams_m
contains
subroutine count_call()
end
end
