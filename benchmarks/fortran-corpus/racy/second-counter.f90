! race: yes
! The reduction covers one counter but not the second one.
program second_counter
  implicit none
  integer :: i, evens, odds
  evens = 0
  odds = 0
  !$omp parallel do reduction(+:evens)
  do i = 1, 100
    if (mod(i, 2) == 0) then
      evens = evens + 1
    else
      odds = odds + 1
    end if
  end do
  !$omp end parallel do
  print *, evens, odds
end program
